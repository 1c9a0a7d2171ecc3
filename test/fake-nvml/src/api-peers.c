/*
 * What pynvml-based tools (gpustat, nvitop) call besides gpuwise's own list: init with flags,
 * the device index, handles by UUID or PCI bus id, the power management limit, display state,
 * MIG handle tests and BAR1 memory. Without nvmlInitWithFlags and nvmlDeviceGetIndex both tools
 * stop at start ("Function Not Found").
 */
#include <stdio.h>
#include <string.h>

#include "api-common.h"

static bool uuid_matches(const fake_device *dev, const fake_mig *mig, const void *arg)
{
    return strcmp(mig != NULL ? mig->uuid : dev->uuid, (const char *)arg) == 0;
}

typedef struct {
    unsigned domain, bus, device;
} pci_address;

static bool pci_matches(const fake_device *dev, const fake_mig *mig, const void *arg)
{
    const pci_address *a = arg;
    const unsigned long long *v = dev->values.value;
    return mig == NULL && v[DF_PCI_DOMAIN] == a->domain && v[DF_PCI_BUS] == a->bus && v[DF_PCI_DEVICE] == a->device;
}

/* "domain:bus:device.function" or "bus:device.function" (domain 0), hex, as nvml.h accepts. */
MAYBE_UNUSED static bool parse_bus_id(const char *text, pci_address *out)
{
    unsigned function = 0;
    int consumed = 0;
    memset(out, 0, sizeof *out);
    if (sscanf(text, "%x:%x:%x.%x%n", &out->domain, &out->bus, &out->device, &function, &consumed) == 4 &&
        text[consumed] == '\0') {
        return true;
    }
    consumed = 0;
    out->domain = 0;
    return sscanf(text, "%x:%x.%x%n", &out->bus, &out->device, &function, &consumed) == 3 && text[consumed] == '\0';
}

MAYBE_UNUSED static nvmlReturn_t handle_by_pci(sym_id sym, const char *bus_id, nvmlDevice_t *device)
{
    call_ctx c;
    pci_address address;
    nvmlDevice_t found = NULL;
    if (bus_id == NULL || device == NULL || !parse_bus_id(bus_id, &address)) {
        nvmlReturn_t rc = call_begin_system(sym, &c.sc);
        return call_end(rc == NVML_ERROR_UNINITIALIZED ? rc : NVML_ERROR_INVALID_ARGUMENT);
    }
    nvmlReturn_t rc = call_begin_find(sym, pci_matches, &address, &c, &found);
    if (rc == NVML_SUCCESS) *device = found;
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t get_enable_state(sym_id sym, nvmlDevice_t device, device_field field, unsigned *state)
{
    return get_device_uint(sym, device, field, state);
}

MAYBE_UNUSED static nvmlReturn_t mps_processes(sym_id sym, nvmlDevice_t device, unsigned *count)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && count == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *count = 0; /* MPS is not modelled: no MPS clients on any GPU */
    return call_end(rc);
}

#ifndef WITHHOLD_nvmlInitWithFlags
/* NO_GPUS (1) and NO_ATTACH (2) change nothing a scenario models; the scenario loads as for nvmlInit. */
EXPORT nvmlReturn_t nvmlInitWithFlags(unsigned int flags)
{
    (void)flags;
    return fake_init();
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetIndex
EXPORT nvmlReturn_t nvmlDeviceGetIndex(nvmlDevice_t device, unsigned int *index)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetIndex, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && index == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *index = c.device_index;
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetHandleByUUID
EXPORT nvmlReturn_t nvmlDeviceGetHandleByUUID(const char *uuid, nvmlDevice_t *device)
{
    call_ctx c;
    nvmlDevice_t found = NULL;
    nvmlReturn_t rc;
    if (uuid == NULL || device == NULL) {
        rc = call_begin_system(SYM_nvmlDeviceGetHandleByUUID, &c.sc);
        return call_end(rc == NVML_ERROR_UNINITIALIZED ? rc : NVML_ERROR_INVALID_ARGUMENT);
    }
    rc = call_begin_find(SYM_nvmlDeviceGetHandleByUUID, uuid_matches, uuid, &c, &found);
    if (rc == NVML_SUCCESS) *device = found;
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetHandleByPciBusId_v2
EXPORT nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char *pciBusId, nvmlDevice_t *device)
{
    return handle_by_pci(SYM_nvmlDeviceGetHandleByPciBusId_v2, pciBusId, device);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetHandleByPciBusId
EXPORT nvmlReturn_t nvmlDeviceGetHandleByPciBusId(const char *pciBusId, nvmlDevice_t *device)
{
    return handle_by_pci(SYM_nvmlDeviceGetHandleByPciBusId, pciBusId, device);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPowerManagementLimit
/* The limit set by the administrator; without its own key it is the enforced limit, as usual. */
EXPORT nvmlReturn_t nvmlDeviceGetPowerManagementLimit(nvmlDevice_t device, unsigned int *limit)
{
    call_ctx c;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetPowerManagementLimit, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && limit == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) {
        bool own = field_present(c.dev->values.present, DF_POWER_LIMIT_MANAGEMENT_MW);
        rc = read_device_value(&c, own ? DF_POWER_LIMIT_MANAGEMENT_MW : DF_POWER_LIMIT_ENFORCED_MW, &value);
    }
    if (rc == NVML_SUCCESS) *limit = (unsigned)value;
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetDisplayMode
EXPORT nvmlReturn_t nvmlDeviceGetDisplayMode(nvmlDevice_t device, unsigned int *display)
{
    return get_enable_state(SYM_nvmlDeviceGetDisplayMode, device, DF_DISPLAY_MODE, display);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetDisplayActive
EXPORT nvmlReturn_t nvmlDeviceGetDisplayActive(nvmlDevice_t device, unsigned int *isActive)
{
    return get_enable_state(SYM_nvmlDeviceGetDisplayActive, device, DF_DISPLAY_ACTIVE, isActive);
}
#endif

#ifndef WITHHOLD_nvmlDeviceIsMigDeviceHandle
EXPORT nvmlReturn_t nvmlDeviceIsMigDeviceHandle(nvmlDevice_t device, unsigned int *isMigDevice)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceIsMigDeviceHandle, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && isMigDevice == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *isMigDevice = c.mig != NULL;
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetDeviceHandleFromMigDeviceHandle
EXPORT nvmlReturn_t nvmlDeviceGetDeviceHandleFromMigDeviceHandle(nvmlDevice_t migDevice, nvmlDevice_t *device)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetDeviceHandleFromMigDeviceHandle, migDevice, SCOPE_MIG, &c);
    if (rc == NVML_SUCCESS && device == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *device = fake_handle_for(c.device_index, -1);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetBAR1MemoryInfo
/* A GPU and each of its MIG devices have their own BAR1 window (nvidia-smi -q lists both). */
EXPORT nvmlReturn_t nvmlDeviceGetBAR1MemoryInfo(nvmlDevice_t device, nvmlBAR1Memory_t *bar1Memory)
{
    call_ctx c;
    unsigned long long total = 0, used = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetBAR1MemoryInfo, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && bar1Memory == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && c.mig != NULL) {
        bool known = field_present(c.mig->values.present, MF_BAR1_TOTAL_BYTES);
        total = c.mig->values.value[MF_BAR1_TOTAL_BYTES];
        used = c.mig->values.value[MF_BAR1_USED_BYTES];
        if (!known) rc = NVML_ERROR_NOT_SUPPORTED;
    } else if (rc == NVML_SUCCESS) {
        rc = read_device_value(&c, DF_BAR1_TOTAL_BYTES, &total);
        if (rc == NVML_SUCCESS) rc = read_frame_value(&c, FF_BAR1_USED_BYTES, &used);
    }
    if (rc == NVML_SUCCESS && used > total) used = total;
    if (rc == NVML_SUCCESS) {
        bar1Memory->bar1Total = total;
        bar1Memory->bar1Used = used;
        bar1Memory->bar1Free = total - used;
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMPSComputeRunningProcesses_v3
EXPORT nvmlReturn_t nvmlDeviceGetMPSComputeRunningProcesses_v3(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    (void)infos;
    return mps_processes(SYM_nvmlDeviceGetMPSComputeRunningProcesses_v3, device, infoCount);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMPSComputeRunningProcesses_v2
EXPORT nvmlReturn_t nvmlDeviceGetMPSComputeRunningProcesses_v2(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    (void)infos;
    return mps_processes(SYM_nvmlDeviceGetMPSComputeRunningProcesses_v2, device, infoCount);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMPSComputeRunningProcesses
EXPORT nvmlReturn_t nvmlDeviceGetMPSComputeRunningProcesses(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    (void)infos;
    return mps_processes(SYM_nvmlDeviceGetMPSComputeRunningProcesses, device, infoCount);
}
#endif
