/*
 * Reading the timeline: frames of per-device dynamic values and processes. A frame carries every
 * value forward from the one before and overrides what it names, so scenarios stay short; a
 * "processes" list replaces the previous one whole. The energy counter advances by itself at the
 * frame's power draw unless a frame sets it, so energy and power always agree.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "frame-counters.h"
#include "scenario-json.h"
#include "timeline.h"

/* Utilisation is a u32 in nvml.h, and a driver can put garbage there (0xFFFFFFFF): scenarios
 * may play it, to test that readers show it as missing rather than as a clamped 100 %. */
#define PERCENT(key, field) { key, field, KIND_UINT, 1, UINT32_LIMIT, NULL }
#define U32(key, field) { key, field, KIND_UINT, 1, UINT32_LIMIT, NULL }
#define MILLI_PERCENT(key, field) { key, field, KIND_SCALED, 1000, 100000, NULL }

static const field_spec FRAME_FIELDS[] = {
    { "memoryUsedMiB", FF_MEMORY_USED_BYTES, KIND_SCALED, MIB, UINT64_LIMIT, NULL },
    PERCENT("gpuUtilPercent", FF_GPU_UTIL),
    PERCENT("memoryUtilPercent", FF_MEMORY_UTIL),
    PERCENT("encoderUtilPercent", FF_ENCODER_UTIL),
    PERCENT("decoderUtilPercent", FF_DECODER_UTIL),
    U32("temperatureCelsius", FF_TEMPERATURE),
    PERCENT("fanSpeedPercent", FF_FAN_SPEED),
    { "powerDrawWatts", FF_POWER_MW, KIND_SCALED, 1000, UINT32_LIMIT, NULL },
    { "totalEnergyJoules", FF_ENERGY_MJ, KIND_SCALED, 1000, JSON_INT_LIMIT, NULL },
    U32("graphicsClockMhz", FF_CLOCK_GRAPHICS),
    U32("smClockMhz", FF_CLOCK_SM),
    U32("memoryClockMhz", FF_CLOCK_MEM),
    U32("videoClockMhz", FF_CLOCK_VIDEO),
    U32("pcieLinkGeneration", FF_PCIE_GEN),
    U32("pcieLinkWidth", FF_PCIE_WIDTH),
    U32("pcieTxKiBPerSecond", FF_PCIE_TX_KIBPS),
    U32("pcieRxKiBPerSecond", FF_PCIE_RX_KIBPS),
    { "performanceState", FF_PSTATE, KIND_PSTATE, 1, 32, NULL },
    { "clockEventReasons", FF_CLOCK_EVENT_REASONS, KIND_HEX, 1, UINT64_LIMIT, NULL },
    { "bar1UsedMiB", FF_BAR1_USED_BYTES, KIND_SCALED, MIB, UINT64_LIMIT, NULL },
    { "powerInstantWatts", FF_POWER_INSTANT_MW, KIND_SCALED, 1000, UINT32_LIMIT, NULL },
    { "powerAverageWatts", FF_POWER_AVERAGE_MW, KIND_SCALED, 1000, UINT32_LIMIT, NULL },
    U32("memoryTemperatureCelsius", FF_MEMORY_TEMPERATURE),
    { "nvlinkTxKiBPerSecond", FF_NVLINK_TX_KIBPS, KIND_UINT, 1, JSON_INT_LIMIT, NULL },
    { "nvlinkRxKiBPerSecond", FF_NVLINK_RX_KIBPS, KIND_UINT, 1, JSON_INT_LIMIT, NULL },
    { "pcieTxBytes", FF_PCIE_TX_BYTES, KIND_UINT, 1, JSON_INT_LIMIT, NULL },
    { "pcieRxBytes", FF_PCIE_RX_BYTES, KIND_UINT, 1, JSON_INT_LIMIT, NULL },
    { "nvlinkTxKiB", FF_NVLINK_TX_KIB, KIND_UINT, 1, JSON_INT_LIMIT, NULL },
    { "nvlinkRxKiB", FF_NVLINK_RX_KIB, KIND_UINT, 1, JSON_INT_LIMIT, NULL },
    MILLI_PERCENT("powerViolationPercent", FF_VIOLATION_POWER),
    MILLI_PERCENT("thermalViolationPercent", FF_VIOLATION_THERMAL),
    MILLI_PERCENT("syncBoostViolationPercent", FF_VIOLATION_SYNC_BOOST),
    MILLI_PERCENT("boardLimitViolationPercent", FF_VIOLATION_BOARD_LIMIT),
    MILLI_PERCENT("lowUtilizationViolationPercent", FF_VIOLATION_LOW_UTILIZATION),
    MILLI_PERCENT("reliabilityViolationPercent", FF_VIOLATION_RELIABILITY),
    MILLI_PERCENT("graphicsActivePercent", FF_GPM_GRAPHICS),
    MILLI_PERCENT("smActivePercent", FF_GPM_SM_ACTIVE),
    MILLI_PERCENT("smOccupancyPercent", FF_GPM_SM_OCCUPANCY),
    MILLI_PERCENT("tensorActivePercent", FF_GPM_TENSOR),
    MILLI_PERCENT("dramActivePercent", FF_GPM_DRAM),
    MILLI_PERCENT("fp64ActivePercent", FF_GPM_FP64),
    MILLI_PERCENT("fp32ActivePercent", FF_GPM_FP32),
    MILLI_PERCENT("fp16ActivePercent", FF_GPM_FP16),
};
static const char *const FRAME_DEVICE_OTHER_KEYS[] = {
    "processes", "gpuUtilSamplesPercent", "memoryUtilSamplesPercent", "powerSamplesWatts", "comment", NULL,
};

enum { PF_PID, PF_USED_MEMORY, PF_GI, PF_CI, PF_SM, PF_MEM, PF_ENC, PF_DEC, PF_COUNT };
static const field_spec PROCESS_FIELDS[] = {
    { "pid", PF_PID, KIND_UINT, 1, UINT32_LIMIT, NULL },
    { "usedMemoryMiB", PF_USED_MEMORY, KIND_SCALED, MIB, UINT64_LIMIT - 1, NULL },
    U32("gpuInstanceId", PF_GI),
    U32("computeInstanceId", PF_CI),
    PERCENT("smUtilPercent", PF_SM),
    PERCENT("memUtilPercent", PF_MEM),
    PERCENT("encUtilPercent", PF_ENC),
    PERCENT("decUtilPercent", PF_DEC),
};
static const char *const PROCESS_OTHER_KEYS[] = { "type", "comment", NULL };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static bool parse_process_type(parse_ctx *p, const char *where, const cJSON *obj, fake_process *proc)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(obj, "type");
    const char *name = type == NULL ? "C" : cJSON_IsString(type) ? type->valuestring : "";
    proc->compute = strcasecmp(name, "C") == 0 || strcasecmp(name, "C+G") == 0;
    proc->graphics = strcasecmp(name, "G") == 0 || strcasecmp(name, "C+G") == 0;
    if (!proc->compute && !proc->graphics) return parse_fail(p, where, "\"type\" must be \"C\", \"G\" or \"C+G\"");
    return true;
}

/* Checks a process's MIG ids against its device: MIG mode needs ids of an existing MIG device. */
static bool check_process_mig(parse_ctx *p, const char *where, const fake_device *dev, unsigned long long present,
                              fake_process *proc)
{
    bool has_ids = field_present(present, PF_GI) || field_present(present, PF_CI);
    if (!mig_enabled(dev)) {
        if (has_ids) return parse_fail(p, where, "MIG instance ids on a GPU that is not in MIG mode");
        proc->gpu_instance_id = proc->compute_instance_id = NVML_UINT_NOT_AVAILABLE;
        return true;
    }
    for (unsigned m = 0; m < dev->mig_count; m++) {
        const unsigned long long *ids = dev->mig[m].values.value;
        if (field_present(present, PF_GI) && field_present(present, PF_CI) &&
            ids[MF_GPU_INSTANCE_ID] == proc->gpu_instance_id && ids[MF_COMPUTE_INSTANCE_ID] == proc->compute_instance_id) {
            return true;
        }
    }
    return parse_fail(p, where, "in MIG mode a process needs the gpuInstanceId and computeInstanceId of one of "
                                "the device's migDevices");
}

static bool parse_process(parse_ctx *p, const char *where, const cJSON *obj, const fake_device *dev,
                          fake_process *proc)
{
    unsigned long long v[PF_COUNT] = { 0 }, present = 0;
    if (!parse_fields(p, where, obj, PROCESS_FIELDS, COUNT_OF(PROCESS_FIELDS), PROCESS_OTHER_KEYS, v, &present)) {
        return false;
    }
    if (!field_present(present, PF_PID)) return parse_fail(p, where, "\"pid\" is required");
    if (cJSON_GetObjectItemCaseSensitive(obj, "usedMemoryMiB") == NULL) {
        return parse_fail(p, where, "\"usedMemoryMiB\" is required (null when the driver cannot tell, as under WDDM)");
    }
    proc->pid = (unsigned)v[PF_PID];
    proc->used_memory_bytes = field_present(present, PF_USED_MEMORY) ? v[PF_USED_MEMORY] : NVML_ULL_NOT_AVAILABLE;
    proc->gpu_instance_id = (unsigned)v[PF_GI];
    proc->compute_instance_id = (unsigned)v[PF_CI];
    proc->has_util = (present >> PF_SM) & 0xF; /* any of the four utilisation fields */
    proc->sm_util = (unsigned)v[PF_SM];
    proc->mem_util = (unsigned)v[PF_MEM];
    proc->enc_util = (unsigned)v[PF_ENC];
    proc->dec_util = (unsigned)v[PF_DEC];
    return parse_process_type(p, where, obj, proc) && check_process_mig(p, where, dev, present, proc);
}

static bool pids_unique(parse_ctx *p, const char *where, const frame_device *fd)
{
    for (unsigned i = 0; i < fd->process_count; i++) {
        for (unsigned j = 0; j < i; j++) {
            if (fd->processes[i].pid == fd->processes[j].pid) {
                return parse_fail(p, where, "pid %u is listed twice (use \"type\": \"C+G\" for both kinds)",
                                  fd->processes[i].pid);
            }
        }
    }
    return true;
}

static bool parse_processes(parse_ctx *p, const char *where, const cJSON *list, const fake_device *dev,
                            frame_device *fd)
{
    char here[256];
    where_key(here, sizeof here, where, "processes");
    if (!expect_array(p, here, list)) return false;
    free(fd->processes);
    fd->process_count = 0;
    fd->processes = calloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *fd->processes);
    if (fd->processes == NULL) return parse_fail(p, here, "out of memory");
    const cJSON *item;
    cJSON_ArrayForEach(item, list) {
        char at[256];
        where_index(at, sizeof at, where, "processes", (int)fd->process_count);
        if (!parse_process(p, at, item, dev, &fd->processes[fd->process_count])) return false;
        fd->process_count++;
    }
    return pids_unique(p, here, fd);
}

/* Starts frame device `fd` as a copy of `prev` (or empty for the first frame). */
static bool carry_forward(parse_ctx *p, const char *where, const frame_device *prev, frame_device *fd)
{
    if (prev == NULL) return true;
    fd->values = prev->values;
    memcpy(fd->patterns, prev->patterns, sizeof fd->patterns);
    fd->process_count = prev->process_count;
    fd->processes = calloc((size_t)prev->process_count + 1, sizeof *fd->processes);
    if (fd->processes == NULL) return parse_fail(p, where, "out of memory");
    if (prev->process_count > 0) memcpy(fd->processes, prev->processes, prev->process_count * sizeof *fd->processes);
    return true;
}

/* energy(this frame) = energy(previous) + power(previous) × time between them, unless set here. */
static void advance_energy(const frame_device *prev, double seconds, bool set_here, frame_device *fd)
{
    const frame_values *pv = prev != NULL ? &prev->values : NULL;
    if (set_here || pv == NULL || !field_present(pv->present, FF_ENERGY_MJ) || !field_present(pv->present, FF_POWER_MW)) {
        return;
    }
    fd->values.value[FF_ENERGY_MJ] = pv->value[FF_ENERGY_MJ] + (unsigned long long)(pv->value[FF_POWER_MW] * seconds + 0.5);
}

static bool check_frame_device(parse_ctx *p, const char *where, const fake_device *dev, const frame_device *fd)
{
    const frame_values *fv = &fd->values;
    if (!field_present(fv->present, FF_MEMORY_USED_BYTES)) return true;
    unsigned long long total = dev->values.value[DF_MEMORY_TOTAL_BYTES];
    unsigned long long reserved = dev->values.value[DF_MEMORY_RESERVED_BYTES];
    if (!field_present(dev->values.present, DF_MEMORY_TOTAL_BYTES)) {
        return parse_fail(p, where, "memoryUsedMiB needs the device's memoryTotalMiB");
    }
    if (fv->value[FF_MEMORY_USED_BYTES] + reserved > total) {
        return parse_fail(p, where, "memoryUsedMiB + memoryReservedMiB is more than memoryTotalMiB");
    }
    return true;
}

static bool parse_frame_device(parse_ctx *p, const char *where, const cJSON *entry, const fake_device *dev,
                               const frame_device *prev, double seconds, frame_device *fd)
{
    if (!carry_forward(p, where, prev, fd)) return false;
    bool energy_set = false;
    if (entry != NULL && !cJSON_IsNull(entry)) {
        if (!parse_fields(p, where, entry, FRAME_FIELDS, COUNT_OF(FRAME_FIELDS), FRAME_DEVICE_OTHER_KEYS,
                          fd->values.value, &fd->values.present)) {
            return false;
        }
        energy_set = cJSON_GetObjectItemCaseSensitive(entry, "totalEnergyJoules") != NULL;
        const cJSON *processes = cJSON_GetObjectItemCaseSensitive(entry, "processes");
        if (processes != NULL && !parse_processes(p, where, processes, dev, fd)) return false;
        if (!parse_sample_patterns(p, where, entry, fd)) return false;
    }
    advance_energy(prev, seconds, energy_set, fd);
    advance_counters(prev, seconds, entry != NULL && !cJSON_IsNull(entry) ? entry : NULL, fd);
    return check_frame_device(p, where, dev, fd);
}

static bool parse_frame_time(parse_ctx *p, const char *where, const cJSON *obj, const fake_frame *prev,
                             fake_frame *frame)
{
    const cJSON *at = cJSON_GetObjectItemCaseSensitive(obj, "atSeconds");
    char here[256];
    where_key(here, sizeof here, where, "atSeconds");
    if (at == NULL && prev == NULL) return true; /* the first frame is at 0 */
    if (at == NULL) return parse_fail(p, here, "is required after the first frame");
    if (!json_number(p, here, at, &frame->at_seconds)) return false;
    if (prev == NULL && frame->at_seconds != 0) return parse_fail(p, here, "the first frame must be at 0");
    if (prev != NULL && frame->at_seconds <= prev->at_seconds) {
        return parse_fail(p, here, "must be later than the previous frame's (%g)", prev->at_seconds);
    }
    return true;
}

static bool parse_frame(parse_ctx *p, const char *where, const cJSON *obj, scenario *sc, unsigned index)
{
    static const char *const KEYS[] = { "atSeconds", "devices", "comment", NULL };
    unsigned long long unused_values[1], unused_present = 0;
    fake_frame *frame = &sc->frames[index];
    const fake_frame *prev = index > 0 ? &sc->frames[index - 1] : NULL;
    frame->devices = calloc(sc->device_count + 1, sizeof *frame->devices);
    if (frame->devices == NULL) return parse_fail(p, where, "out of memory");
    if (obj != NULL && !parse_fields(p, where, obj, NULL, 0, KEYS, unused_values, &unused_present)) return false;
    if (obj != NULL && !parse_frame_time(p, where, obj, prev, frame)) return false;
    const cJSON *entries = obj != NULL ? cJSON_GetObjectItemCaseSensitive(obj, "devices") : NULL;
    char here[256];
    where_key(here, sizeof here, where, "devices");
    if (entries != NULL && !expect_array(p, here, entries)) return false;
    if (entries != NULL && (unsigned)cJSON_GetArraySize(entries) > sc->device_count) {
        return parse_fail(p, here, "lists more devices than the scenario has (%u)", sc->device_count);
    }
    double seconds = prev != NULL ? frame->at_seconds - prev->at_seconds : 0;
    for (unsigned d = 0; d < sc->device_count; d++) {
        const cJSON *entry = entries != NULL ? cJSON_GetArrayItem(entries, (int)d) : NULL;
        where_index(here, sizeof here, where, "devices", (int)d);
        if (!parse_frame_device(p, here, entry, &sc->devices[d], prev != NULL ? &prev->devices[d] : NULL, seconds,
                                &frame->devices[d])) {
            return false;
        }
    }
    return true;
}

static bool check_lost_frames(parse_ctx *p, const scenario *sc)
{
    for (unsigned d = 0; d < sc->device_count; d++) {
        if (sc->devices[d].lost_at_frame >= (int)sc->frame_count) {
            char where[64];
            where_index(where, sizeof where, "devices", "", (int)d);
            return parse_fail(p, where, "lostAtFrame %d is past the last frame (%u)", sc->devices[d].lost_at_frame,
                              sc->frame_count - 1);
        }
    }
    return true;
}

bool timeline_parse(parse_ctx *p, const cJSON *timeline, scenario *sc)
{
    if (timeline != NULL && !expect_array(p, "timeline", timeline)) return false;
    int count = timeline != NULL ? cJSON_GetArraySize(timeline) : 0;
    if (timeline != NULL && count == 0) return parse_fail(p, "timeline", "needs at least one frame");
    sc->frame_count = count > 0 ? (unsigned)count : 1; /* no timeline: one frame without dynamic values */
    sc->frames = calloc(sc->frame_count, sizeof *sc->frames);
    if (sc->frames == NULL) return parse_fail(p, "timeline", "out of memory");
    for (unsigned f = 0; f < sc->frame_count; f++) {
        char where[64];
        where_index(where, sizeof where, "timeline", "", (int)f);
        const cJSON *obj = timeline != NULL ? cJSON_GetArrayItem(timeline, (int)f) : NULL;
        if (!parse_frame(p, where, obj, sc, f)) return false;
    }
    return check_lost_frames(p, sc);
}

void timeline_free(scenario *sc)
{
    for (unsigned f = 0; sc->frames != NULL && f < sc->frame_count; f++) {
        for (unsigned d = 0; sc->frames[f].devices != NULL && d < sc->device_count; d++) {
            free(sc->frames[f].devices[d].processes);
        }
        free(sc->frames[f].devices);
    }
    free(sc->frames);
}
