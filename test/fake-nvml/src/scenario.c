/*
 * Loading a scenario file: the top level, "system", and each device's fixed values and MIG
 * devices. The timeline is read by timeline.c. Everything is checked and converted to NVML's
 * units here, once, so that no call does any JSON work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-fields.h"
#include "scenario-json.h"
#include "scenario-rules.h"
#include "timeline.h"

static const enum_name ARCHITECTURES[] = {
    { "kepler", 2 }, { "maxwell", 3 }, { "pascal", 4 }, { "volta", 5 }, { "turing", 6 },
    { "ampere", 7 }, { "ada", 8 }, { "hopper", 9 }, { "blackwell", 10 }, { NULL, 0 },
};
static const enum_name COMPUTE_MODES[] = {
    { "DEFAULT", 0 }, { "EXCLUSIVE_THREAD", 1 }, { "PROHIBITED", 2 }, { "EXCLUSIVE_PROCESS", 3 }, { NULL, 0 },
};
static const enum_name DRIVER_MODELS[] = { { "WDDM", 0 }, { "TCC", 1 }, { "WDM", 1 }, { "MCDM", 2 }, { NULL, 0 } };

#define U32(key, field) { key, field, KIND_UINT, 1, UINT32_LIMIT, NULL }
#define MIB_FIELD(key, field) { key, field, KIND_SCALED, MIB, UINT64_LIMIT, NULL }
#define WATTS(key, field) { key, field, KIND_SCALED, 1000, UINT32_LIMIT, NULL }
#define FLAG(key, field) { key, field, KIND_BOOL, 1, 1, NULL }

static const field_spec DEVICE_FIELDS[] = {
    { "pciDeviceId", DF_PCI_DEVICE_ID, KIND_HEX, 1, UINT32_LIMIT, NULL },
    { "pciSubSystemId", DF_PCI_SUBSYSTEM_ID, KIND_HEX, 1, UINT32_LIMIT, NULL },
    { "architecture", DF_ARCHITECTURE, KIND_ENUM, 1, UINT32_LIMIT, ARCHITECTURES },
    MIB_FIELD("memoryTotalMiB", DF_MEMORY_TOTAL_BYTES),
    MIB_FIELD("memoryReservedMiB", DF_MEMORY_RESERVED_BYTES),
    WATTS("enforcedPowerLimitWatts", DF_POWER_LIMIT_ENFORCED_MW),
    WATTS("defaultPowerLimitWatts", DF_POWER_LIMIT_DEFAULT_MW),
    U32("maxGraphicsClockMhz", DF_MAX_CLOCK_GRAPHICS),
    U32("maxSmClockMhz", DF_MAX_CLOCK_SM),
    U32("maxMemoryClockMhz", DF_MAX_CLOCK_MEM),
    U32("maxVideoClockMhz", DF_MAX_CLOCK_VIDEO),
    U32("pcieMaxLinkGeneration", DF_PCIE_MAX_GEN),
    U32("pcieMaxLinkWidth", DF_PCIE_MAX_WIDTH),
    U32("temperatureShutdownCelsius", DF_TEMP_SHUTDOWN),
    U32("temperatureSlowdownCelsius", DF_TEMP_SLOWDOWN),
    U32("temperatureMemoryMaxCelsius", DF_TEMP_MEM_MAX),
    U32("temperatureGpuMaxCelsius", DF_TEMP_GPU_MAX),
    FLAG("eccModeCurrent", DF_ECC_CURRENT),
    FLAG("eccModePending", DF_ECC_PENDING),
    { "eccErrorsCorrectedVolatile", DF_ECC_CORRECTED_VOLATILE, KIND_UINT, 1, UINT64_LIMIT, NULL },
    { "eccErrorsCorrectedAggregate", DF_ECC_CORRECTED_AGGREGATE, KIND_UINT, 1, UINT64_LIMIT, NULL },
    { "eccErrorsUncorrectedVolatile", DF_ECC_UNCORRECTED_VOLATILE, KIND_UINT, 1, UINT64_LIMIT, NULL },
    { "eccErrorsUncorrectedAggregate", DF_ECC_UNCORRECTED_AGGREGATE, KIND_UINT, 1, UINT64_LIMIT, NULL },
    { "computeMode", DF_COMPUTE_MODE, KIND_ENUM, 1, 3, COMPUTE_MODES },
    FLAG("persistenceMode", DF_PERSISTENCE_MODE),
    { "driverModelCurrent", DF_DRIVER_MODEL_CURRENT, KIND_ENUM, 1, 2, DRIVER_MODELS },
    { "driverModelPending", DF_DRIVER_MODEL_PENDING, KIND_ENUM, 1, 2, DRIVER_MODELS },
    FLAG("migModeCurrent", DF_MIG_CURRENT),
    FLAG("migModePending", DF_MIG_PENDING),
    { "maxMigDeviceCount", DF_MAX_MIG_DEVICE_COUNT, KIND_UINT, 1, MAX_MIG_DEVICES, NULL },
    WATTS("powerManagementLimitWatts", DF_POWER_LIMIT_MANAGEMENT_MW),
    WATTS("minPowerLimitWatts", DF_POWER_LIMIT_MIN_MW),
    WATTS("maxPowerLimitWatts", DF_POWER_LIMIT_MAX_MW),
    FLAG("displayMode", DF_DISPLAY_MODE),
    FLAG("displayActive", DF_DISPLAY_ACTIVE),
    MIB_FIELD("bar1TotalMiB", DF_BAR1_TOTAL_BYTES),
    { "nvlinkLinkCount", DF_NVLINK_LINK_COUNT, KIND_UINT, 1, 18, NULL }, /* NVML_NVLINK_MAX_LINKS */
    FLAG("gpmSupported", DF_GPM_SUPPORTED),
};
static const char *const DEVICE_OTHER_KEYS[] = {
    "name", "uuid", "serial", "vbiosVersion", "pciBusId", "computeCapability", "migDevices", "lostAtFrame",
    "errors", "hangMs", "unsupported", "callCostUs", "unsupportedFields", "fieldErrors", "fieldCostUs", "comment",
    NULL,
};

static const field_spec MIG_FIELDS[] = {
    U32("gpuInstanceId", MF_GPU_INSTANCE_ID),
    U32("computeInstanceId", MF_COMPUTE_INSTANCE_ID),
    U32("multiprocessorCount", MF_SM_COUNT),
    MIB_FIELD("memoryTotalMiB", MF_MEMORY_TOTAL_BYTES),
    MIB_FIELD("memoryUsedMiB", MF_MEMORY_USED_BYTES),
    U32("sharedCopyEngineCount", MF_SHARED_COPY_ENGINES),
    U32("sharedDecoderCount", MF_SHARED_DECODERS),
    U32("sharedEncoderCount", MF_SHARED_ENCODERS),
    U32("sharedJpegCount", MF_SHARED_JPEGS),
    U32("sharedOfaCount", MF_SHARED_OFAS),
    U32("gpuInstanceSliceCount", MF_GI_SLICES),
    U32("computeInstanceSliceCount", MF_CI_SLICES),
    MIB_FIELD("bar1TotalMiB", MF_BAR1_TOTAL_BYTES),
    MIB_FIELD("bar1UsedMiB", MF_BAR1_USED_BYTES),
};
static const char *const MIG_OTHER_KEYS[] = { "name", "uuid", "comment", NULL };
static const int MIG_REQUIRED[] = {
    MF_GPU_INSTANCE_ID, MF_COMPUTE_INSTANCE_ID, MF_SM_COUNT, MF_MEMORY_TOTAL_BYTES, MF_MEMORY_USED_BYTES,
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static bool parse_pci_bus_id(parse_ctx *p, const char *where, const cJSON *dev_obj, fake_device *dev)
{
    char here[256];
    where_key(here, sizeof here, where, "pciBusId");
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(dev_obj, "pciBusId");
    if (item == NULL) return parse_fail(p, here, "is required (like \"00000000:17:00.0\")");
    unsigned domain, bus, device, function;
    int consumed = 0;
    bool ok = cJSON_IsString(item) &&
              sscanf(item->valuestring, "%x:%x:%x.%x%n", &domain, &bus, &device, &function, &consumed) == 4 &&
              item->valuestring[consumed] == '\0' && bus <= 0xFF && device <= 0x1F && function == 0;
    if (!ok) return parse_fail(p, here, "expected \"DDDDDDDD:BB:DD.0\" (domain:bus:device.0)");
    dev->values.value[DF_PCI_DOMAIN] = domain;
    dev->values.value[DF_PCI_BUS] = bus;
    dev->values.value[DF_PCI_DEVICE] = device;
    dev->values.present |= (1ULL << DF_PCI_DOMAIN) | (1ULL << DF_PCI_BUS) | (1ULL << DF_PCI_DEVICE);
    return true;
}

static bool parse_compute_capability(parse_ctx *p, const char *where, const cJSON *dev_obj, fake_device *dev)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(dev_obj, "computeCapability");
    if (item == NULL) return true;
    char here[256];
    where_key(here, sizeof here, where, "computeCapability");
    unsigned major, minor;
    int consumed = 0;
    bool ok = cJSON_IsString(item) && sscanf(item->valuestring, "%u.%u%n", &major, &minor, &consumed) == 2 &&
              item->valuestring[consumed] == '\0';
    if (!ok) return parse_fail(p, here, "expected \"major.minor\", like \"8.0\"");
    dev->values.value[DF_CC_MAJOR] = major;
    dev->values.value[DF_CC_MINOR] = minor;
    dev->values.present |= (1ULL << DF_CC_MAJOR) | (1ULL << DF_CC_MINOR);
    return true;
}

static bool parse_mig_device(parse_ctx *p, const char *where, const cJSON *obj, fake_mig *mig)
{
    if (!parse_fields(p, where, obj, MIG_FIELDS, COUNT_OF(MIG_FIELDS), MIG_OTHER_KEYS, mig->values.value,
                      &mig->values.present)) {
        return false;
    }
    for (size_t i = 0; i < COUNT_OF(MIG_REQUIRED); i++) {
        if (!field_present(mig->values.present, MIG_REQUIRED[i])) {
            return parse_fail(p, where, "needs gpuInstanceId, computeInstanceId, multiprocessorCount, "
                                        "memoryTotalMiB and memoryUsedMiB");
        }
    }
    if (mig->values.value[MF_MEMORY_USED_BYTES] > mig->values.value[MF_MEMORY_TOTAL_BYTES]) {
        return parse_fail(p, where, "memoryUsedMiB is larger than memoryTotalMiB");
    }
    return json_string_member(p, where, obj, "name", mig->name, sizeof mig->name, true) &&
           json_string_member(p, where, obj, "uuid", mig->uuid, sizeof mig->uuid, true);
}

static bool mig_ids_unique(parse_ctx *p, const char *where, const fake_device *dev)
{
    for (unsigned i = 0; i < dev->mig_count; i++) {
        for (unsigned j = 0; j < i; j++) {
            const unsigned long long *a = dev->mig[i].values.value, *b = dev->mig[j].values.value;
            if (a[MF_GPU_INSTANCE_ID] == b[MF_GPU_INSTANCE_ID] && a[MF_COMPUTE_INSTANCE_ID] == b[MF_COMPUTE_INSTANCE_ID]) {
                return parse_fail(p, where, "migDevices[%u] and [%u] share GPU instance %llu / compute instance %llu",
                                  j, i, a[MF_GPU_INSTANCE_ID], a[MF_COMPUTE_INSTANCE_ID]);
            }
        }
    }
    return true;
}

static bool parse_mig_devices(parse_ctx *p, const char *where, const cJSON *dev_obj, fake_device *dev)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(dev_obj, "migDevices");
    if (list == NULL) return true;
    char here[256];
    where_key(here, sizeof here, where, "migDevices");
    if (!expect_array(p, here, list)) return false;
    if (!mig_enabled(dev)) return parse_fail(p, here, "MIG devices need \"migModeCurrent\": true");
    unsigned limit = field_present(dev->values.present, DF_MAX_MIG_DEVICE_COUNT)
                         ? (unsigned)dev->values.value[DF_MAX_MIG_DEVICE_COUNT]
                         : DEFAULT_MAX_MIG_DEVICE_COUNT;
    if ((unsigned)cJSON_GetArraySize(list) > limit) return parse_fail(p, here, "more than maxMigDeviceCount (%u)", limit);
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        char at[256];
        where_index(at, sizeof at, where, "migDevices", (int)dev->mig_count);
        if (!parse_mig_device(p, at, item, &dev->mig[dev->mig_count])) return false;
        dev->mig_count++;
    }
    return mig_ids_unique(p, where, dev);
}

static bool check_device_values(parse_ctx *p, const char *where, const fake_device *dev)
{
    const device_values *v = &dev->values;
    bool has_total = field_present(v->present, DF_MEMORY_TOTAL_BYTES);
    if (field_present(v->present, DF_MEMORY_RESERVED_BYTES) &&
        (!has_total || v->value[DF_MEMORY_RESERVED_BYTES] > v->value[DF_MEMORY_TOTAL_BYTES])) {
        return parse_fail(p, where, "memoryReservedMiB needs a larger memoryTotalMiB");
    }
    return true;
}

static bool parse_device(parse_ctx *p, const char *where, const cJSON *obj, fake_device *dev)
{
    dev->lost_at_frame = -1;
    if (!parse_fields(p, where, obj, DEVICE_FIELDS, COUNT_OF(DEVICE_FIELDS), DEVICE_OTHER_KEYS, dev->values.value,
                      &dev->values.present)) {
        return false;
    }
    bool ok = json_string_member(p, where, obj, "name", dev->name, sizeof dev->name, true) &&
              json_string_member(p, where, obj, "uuid", dev->uuid, sizeof dev->uuid, true) &&
              json_string_member(p, where, obj, "serial", dev->serial, sizeof dev->serial, false) &&
              json_string_member(p, where, obj, "vbiosVersion", dev->vbios, sizeof dev->vbios, false) &&
              parse_pci_bus_id(p, where, obj, dev) && parse_compute_capability(p, where, obj, dev) &&
              check_device_values(p, where, dev) && parse_mig_devices(p, where, obj, dev) &&
              parse_rules(p, where, obj, RULES_DEVICE, &dev->rules) &&
              parse_field_rules(p, where, obj, false, &dev->fields);
    if (!ok) return false;
    const cJSON *lost = cJSON_GetObjectItemCaseSensitive(obj, "lostAtFrame");
    if (lost != NULL) {
        char here[256];
        unsigned long long frame;
        where_key(here, sizeof here, where, "lostAtFrame");
        if (!json_uint(p, here, lost, UINT32_LIMIT >> 1, &frame)) return false;
        dev->lost_at_frame = (int)frame;
    }
    return true;
}

static bool parse_devices(parse_ctx *p, const cJSON *list, scenario *sc)
{
    if (list == NULL) return true; /* a driver with no GPUs */
    if (!expect_array(p, "devices", list)) return false;
    int count = cJSON_GetArraySize(list);
    if (count > MAX_DEVICES) return parse_fail(p, "devices", "at most %d devices", MAX_DEVICES);
    sc->devices = calloc(count > 0 ? (size_t)count : 1, sizeof *sc->devices);
    if (sc->devices == NULL) return parse_fail(p, "devices", "out of memory");
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        char where[64];
        where_index(where, sizeof where, "devices", "", (int)sc->device_count);
        if (!parse_device(p, where, item, &sc->devices[sc->device_count])) return false;
        sc->device_count++;
    }
    return true;
}

static bool parse_init_error(parse_ctx *p, const cJSON *system, scenario *sc)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(system, "initError");
    if (item == NULL || cJSON_IsNull(item)) return true;
    if (!cJSON_IsString(item) || !nvml_error_from_name(item->valuestring, &sc->init_error)) {
        return parse_fail(p, "system.initError", "expected an NVML return code name like \"DRIVER_NOT_LOADED\"");
    }
    return true;
}

/* "costSpinBelowUs": modelled costs under it busy-wait (CPU time, as a driver polling its GSP
 * spends it), longer ones sleep; default 200 µs. Hangs always sleep. */
static bool parse_spin_limit(parse_ctx *p, const cJSON *system, scenario *sc)
{
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(system, "costSpinBelowUs");
    double us = DEFAULT_SPIN_BELOW_US;
    if (item != NULL && !json_number(p, "system.costSpinBelowUs", item, &us)) return false;
    if (!(us >= 0 && us <= 60e6)) return parse_fail(p, "system.costSpinBelowUs", "expected microseconds from 0 to 60000000");
    sc->spin_below_ns = (unsigned long long)(us * 1000.0 + 0.5);
    return true;
}

static bool parse_system(parse_ctx *p, const cJSON *system, scenario *sc)
{
    static const char *const KEYS[] = {
        "driverVersion", "nvmlVersion", "cudaDriverVersion", "initError", "errors", "hangMs", "unsupported",
        "callCostUs", "fieldCostUs", "costSpinBelowUs", "unsupportedFields", "fieldErrors", "comment", NULL, /* the last two: to refuse them helpfully */
    };
    unsigned long long unused_values[1], unused_present = 0;
    if (system == NULL) return parse_fail(p, "system", "is required");
    if (!parse_fields(p, "system", system, NULL, 0, KEYS, unused_values, &unused_present)) return false;
    if (!parse_init_error(p, system, sc)) return false;
    bool versions_required = sc->init_error == NVML_SUCCESS;
    const cJSON *cuda = cJSON_GetObjectItemCaseSensitive(system, "cudaDriverVersion");
    unsigned long long cuda_version = 0;
    if (cuda != NULL && !json_uint(p, "system.cudaDriverVersion", cuda, 999999, &cuda_version)) return false;
    sc->has_cuda_version = cuda != NULL;
    sc->cuda_version = (int)cuda_version;
    if (!parse_spin_limit(p, system, sc)) return false;
    return json_string_member(p, "system", system, "driverVersion", sc->driver_version, sizeof sc->driver_version,
                              versions_required) &&
           json_string_member(p, "system", system, "nvmlVersion", sc->nvml_version, sizeof sc->nvml_version,
                              versions_required) &&
           parse_rules(p, "system", system, RULES_SYSTEM, &sc->rules) &&
           parse_field_rules(p, "system", system, true, &sc->fields);
}

static bool parse_process_info_struct(parse_ctx *p, const cJSON *item, scenario *sc)
{
    if (item == NULL) return true;
    if (!cJSON_IsString(item)) return parse_fail(p, "processInfoStruct", "expected \"v2\" or \"v3\"");
    if (strcmp(item->valuestring, "v3") == 0) sc->process_info_v3 = true;
    else if (strcmp(item->valuestring, "v2") != 0) return parse_fail(p, "processInfoStruct", "expected \"v2\" or \"v3\"");
    return true;
}

static bool parse_root(parse_ctx *p, const cJSON *root, scenario *sc)
{
    static const char *const KEYS[] = {
        "description", "comment", "sources", "system", "withheldSymbols", "processInfoStruct", "devices", "timeline",
        NULL,
    };
    unsigned long long unused_values[1], unused_present = 0;
    if (!parse_fields(p, "scenario", root, NULL, 0, KEYS, unused_values, &unused_present)) return false;
    return parse_system(p, cJSON_GetObjectItemCaseSensitive(root, "system"), sc) &&
           parse_withheld(p, cJSON_GetObjectItemCaseSensitive(root, "withheldSymbols"), sc->withheld) &&
           parse_process_info_struct(p, cJSON_GetObjectItemCaseSensitive(root, "processInfoStruct"), sc) &&
           parse_devices(p, cJSON_GetObjectItemCaseSensitive(root, "devices"), sc) &&
           timeline_parse(p, cJSON_GetObjectItemCaseSensitive(root, "timeline"), sc);
}

static char *read_text_file(parse_ctx *p, const char *path)
{
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        parse_fail(p, "scenario", "cannot open the file");
        return NULL;
    }
    char *text = NULL;
    long size = fseek(file, 0, SEEK_END) == 0 ? ftell(file) : -1;
    if (size >= 0 && fseek(file, 0, SEEK_SET) == 0) text = malloc((size_t)size + 1);
    if (text != NULL && fread(text, 1, (size_t)size, file) == (size_t)size) {
        text[size] = '\0';
    } else {
        free(text);
        text = NULL;
        parse_fail(p, "scenario", "cannot read the file");
    }
    fclose(file);
    return text;
}

static cJSON *parse_json_text(parse_ctx *p, const char *text)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, true);
    if (root != NULL) return root;
    int line = 1;
    for (const char *c = text; end != NULL && c < end && *c != '\0'; c++) line += *c == '\n';
    parse_fail(p, "scenario", "invalid JSON near line %d", line);
    return NULL;
}

scenario *scenario_load(const char *path, char *err, size_t err_cap)
{
    parse_ctx p = { err, err_cap };
    err[0] = '\0';
    char *text = read_text_file(&p, path);
    cJSON *root = text != NULL ? parse_json_text(&p, text) : NULL;
    free(text);
    if (root == NULL) return NULL;
    scenario *sc = calloc(1, sizeof *sc);
    bool ok = sc != NULL && parse_root(&p, root, sc);
    cJSON_Delete(root);
    if (ok) return sc;
    if (sc == NULL) parse_fail(&p, "scenario", "out of memory");
    scenario_free(sc);
    return NULL;
}

void scenario_free(scenario *sc)
{
    if (sc == NULL) return;
    timeline_free(sc);
    free(sc->devices);
    free(sc);
}
