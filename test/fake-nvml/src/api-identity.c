/*
 * Identity, PCI, modes and ECC: the values that do not change while a scenario plays.
 */
#include <stdio.h>
#include <string.h>

#include "api-common.h"

nvmlReturn_t copy_string_out(char *dst, unsigned length, const char *s)
{
    size_t needed = strlen(s) + 1;
    if (length < needed) return NVML_ERROR_INSUFFICIENT_SIZE;
    memcpy(dst, s, needed);
    return NVML_SUCCESS;
}

typedef enum { STRING_NAME, STRING_UUID, STRING_SERIAL, STRING_VBIOS } device_string;

static const char *string_of(const call_ctx *c, device_string which)
{
    switch (which) {
    case STRING_NAME: return c->mig != NULL ? c->mig->name : c->dev->name;
    case STRING_UUID: return c->mig != NULL ? c->mig->uuid : c->dev->uuid;
    case STRING_SERIAL: return c->dev->serial;
    case STRING_VBIOS: return c->dev->vbios;
    }
    return "";
}

MAYBE_UNUSED static nvmlReturn_t get_string(sym_id sym, nvmlDevice_t device, handle_scope scope,
                                            device_string which, char *out, unsigned length)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, scope, &c);
    if (rc == NVML_SUCCESS && out == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    const char *s = rc == NVML_SUCCESS ? string_of(&c, which) : "";
    if (rc == NVML_SUCCESS && s[0] == '\0') rc = NVML_ERROR_NOT_SUPPORTED; /* e.g. GeForce serials */
    if (rc == NVML_SUCCESS) rc = copy_string_out(out, length, s);
    return call_end(rc);
}

/* nvmlPciInfo_t as _v2/_v3 fill it: both bus id formats, nvml.h's NVML_DEVICE_PCI_BUS_ID_*FMT. */
MAYBE_UNUSED static nvmlReturn_t get_pci_info(sym_id sym, nvmlDevice_t device, nvmlPciInfo_t *pci)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && pci == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) {
        const unsigned long long *v = c.dev->values.value;
        nvmlPciInfo_t out;
        memset(&out, 0, sizeof out);
        out.domain = (unsigned)v[DF_PCI_DOMAIN];
        out.bus = (unsigned)v[DF_PCI_BUS];
        out.device = (unsigned)v[DF_PCI_DEVICE];
        out.pciDeviceId = (unsigned)v[DF_PCI_DEVICE_ID];
        out.pciSubSystemId = (unsigned)v[DF_PCI_SUBSYSTEM_ID];
        snprintf(out.busIdLegacy, sizeof out.busIdLegacy, "%04X:%02X:%02X.0", out.domain & 0xFFFF, out.bus, out.device);
        snprintf(out.busId, sizeof out.busId, "%08X:%02X:%02X.0", out.domain, out.bus, out.device);
        *pci = out;
    }
    return call_end(rc);
}

/* Two values through two out-pointers, both required (ECC and MIG modes). */
MAYBE_UNUSED static nvmlReturn_t get_device_pair(sym_id sym, nvmlDevice_t device, handle_scope scope,
                                                 device_field first, device_field second, unsigned *a, unsigned *b)
{
    call_ctx c;
    unsigned long long va = 0, vb = 0;
    nvmlReturn_t rc = call_begin_device(sym, device, scope, &c);
    if (rc == NVML_SUCCESS && (a == NULL || b == NULL)) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = read_device_value(&c, first, &va);
    if (rc == NVML_SUCCESS) rc = read_device_value(&c, second, &vb);
    if (rc == NVML_SUCCESS) {
        *a = (unsigned)va;
        *b = (unsigned)vb;
    }
    return call_end(rc);
}

/* nvmlDeviceGetDriverModel takes either out-pointer as NULL, but not both. */
MAYBE_UNUSED static nvmlReturn_t get_driver_model(sym_id sym, nvmlDevice_t device, unsigned *current, unsigned *pending)
{
    call_ctx c;
    unsigned long long vc = 0, vp = 0;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && current == NULL && pending == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = read_device_value(&c, DF_DRIVER_MODEL_CURRENT, &vc);
    if (rc == NVML_SUCCESS) rc = read_device_value(&c, DF_DRIVER_MODEL_PENDING, &vp);
    if (rc == NVML_SUCCESS && current != NULL) *current = (unsigned)vc;
    if (rc == NVML_SUCCESS && pending != NULL) *pending = (unsigned)vp;
    return call_end(rc);
}

#ifndef WITHHOLD_nvmlDeviceGetName
EXPORT nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length)
{
    return get_string(SYM_nvmlDeviceGetName, device, SCOPE_ANY, STRING_NAME, name, length);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetUUID
EXPORT nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length)
{
    return get_string(SYM_nvmlDeviceGetUUID, device, SCOPE_ANY, STRING_UUID, uuid, length);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetSerial
EXPORT nvmlReturn_t nvmlDeviceGetSerial(nvmlDevice_t device, char *serial, unsigned int length)
{
    return get_string(SYM_nvmlDeviceGetSerial, device, SCOPE_PHYSICAL, STRING_SERIAL, serial, length);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetVbiosVersion
EXPORT nvmlReturn_t nvmlDeviceGetVbiosVersion(nvmlDevice_t device, char *version, unsigned int length)
{
    return get_string(SYM_nvmlDeviceGetVbiosVersion, device, SCOPE_PHYSICAL, STRING_VBIOS, version, length);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPciInfo_v3
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t device, nvmlPciInfo_t *pci)
{
    return get_pci_info(SYM_nvmlDeviceGetPciInfo_v3, device, pci);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPciInfo_v2
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo_v2(nvmlDevice_t device, nvmlPciInfo_t *pci)
{
    return get_pci_info(SYM_nvmlDeviceGetPciInfo_v2, device, pci);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPciInfo
/* The original entry point fills the older 52-byte struct: legacy bus id, then reserved words. */
EXPORT nvmlReturn_t nvmlDeviceGetPciInfo(nvmlDevice_t device, nvmlPciInfoV1_t *pci)
{
    nvmlPciInfo_t full;
    nvmlReturn_t rc = get_pci_info(SYM_nvmlDeviceGetPciInfo, device, pci != NULL ? &full : NULL);
    if (rc != NVML_SUCCESS) return rc;
    nvmlPciInfoV1_t out;
    memset(&out, 0, sizeof out);
    memcpy(out.busId, full.busIdLegacy, sizeof out.busId);
    out.domain = full.domain;
    out.bus = full.bus;
    out.device = full.device;
    out.pciDeviceId = full.pciDeviceId;
    out.pciSubSystemId = full.pciSubSystemId;
    *pci = out;
    return NVML_SUCCESS;
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetArchitecture
EXPORT nvmlReturn_t nvmlDeviceGetArchitecture(nvmlDevice_t device, unsigned int *arch)
{
    return get_device_uint(SYM_nvmlDeviceGetArchitecture, device, DF_ARCHITECTURE, arch);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCudaComputeCapability
EXPORT nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int *major, int *minor)
{
    return get_device_pair(SYM_nvmlDeviceGetCudaComputeCapability, device, SCOPE_PHYSICAL, DF_CC_MAJOR, DF_CC_MINOR,
                           (unsigned *)major, (unsigned *)minor);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetComputeMode
EXPORT nvmlReturn_t nvmlDeviceGetComputeMode(nvmlDevice_t device, unsigned int *mode)
{
    return get_device_uint(SYM_nvmlDeviceGetComputeMode, device, DF_COMPUTE_MODE, mode);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPersistenceMode
EXPORT nvmlReturn_t nvmlDeviceGetPersistenceMode(nvmlDevice_t device, unsigned int *mode)
{
    return get_device_uint(SYM_nvmlDeviceGetPersistenceMode, device, DF_PERSISTENCE_MODE, mode);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetEccMode
EXPORT nvmlReturn_t nvmlDeviceGetEccMode(nvmlDevice_t device, unsigned int *current, unsigned int *pending)
{
    return get_device_pair(SYM_nvmlDeviceGetEccMode, device, SCOPE_PHYSICAL, DF_ECC_CURRENT, DF_ECC_PENDING, current,
                           pending);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetTotalEccErrors
EXPORT nvmlReturn_t nvmlDeviceGetTotalEccErrors(nvmlDevice_t device, int errorType, int counterType,
                                                unsigned long long *eccCounts)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetTotalEccErrors, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS) rc = ecc_counter(&c, errorType, counterType, eccCounts);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetDriverModel_v2
EXPORT nvmlReturn_t nvmlDeviceGetDriverModel_v2(nvmlDevice_t device, unsigned int *current, unsigned int *pending)
{
    return get_driver_model(SYM_nvmlDeviceGetDriverModel_v2, device, current, pending);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetDriverModel
EXPORT nvmlReturn_t nvmlDeviceGetDriverModel(nvmlDevice_t device, unsigned int *current, unsigned int *pending)
{
    return get_driver_model(SYM_nvmlDeviceGetDriverModel, device, current, pending);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMigMode
EXPORT nvmlReturn_t nvmlDeviceGetMigMode(nvmlDevice_t device, unsigned int *currentMode, unsigned int *pendingMode)
{
    return get_device_pair(SYM_nvmlDeviceGetMigMode, device, SCOPE_PHYSICAL_STRICT, DF_MIG_CURRENT, DF_MIG_PENDING,
                           currentMode, pendingMode);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetConfComputeMemSizeInfo
/* Only probed for by gpuwise; no scenario turns confidential computing on, as on most GPUs. */
EXPORT nvmlReturn_t nvmlDeviceGetConfComputeMemSizeInfo(nvmlDevice_t device, nvmlConfComputeMemSizeInfo_t *info)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetConfComputeMemSizeInfo, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS) rc = info == NULL ? NVML_ERROR_INVALID_ARGUMENT : NVML_ERROR_NOT_SUPPORTED;
    return call_end(rc);
}
#endif
