/*
 * MIG: enumerating a GPU's MIG devices and what a MIG handle tells about itself. nvmlDeviceGetMigMode
 * is in api-identity.c with the other modes. A MIG handle answers GetName, GetUUID, GetMemoryInfo,
 * the process lists and the calls here; the rest give NOT_SUPPORTED (the call gate's SCOPE_PHYSICAL)
 * or INVALID_ARGUMENT for MIG management asked of a MIG device, as the real library does.
 */
#include "api-common.h"

MAYBE_UNUSED static unsigned max_mig_devices(const fake_device *dev)
{
    if (!mig_enabled(dev)) return 0; /* nvml.h: zero when MIG is not supported or not enabled */
    return field_present(dev->values.present, DF_MAX_MIG_DEVICE_COUNT) ? (unsigned)dev->values.value[DF_MAX_MIG_DEVICE_COUNT]
                                                                       : DEFAULT_MAX_MIG_DEVICE_COUNT;
}

MAYBE_UNUSED static nvmlReturn_t mig_handle(const call_ctx *c, unsigned index, nvmlDevice_t *mig_device)
{
    if (mig_device == NULL) return NVML_ERROR_INVALID_ARGUMENT;
    if (!field_present(c->dev->values.present, DF_MIG_CURRENT)) return NVML_ERROR_NOT_SUPPORTED; /* not MIG-capable */
    if (!mig_enabled(c->dev)) return NVML_ERROR_NOT_FOUND;
    if (index >= max_mig_devices(c->dev)) return NVML_ERROR_INVALID_ARGUMENT;
    if (index >= c->dev->mig_count) return NVML_ERROR_NOT_FOUND; /* a slot with no MIG device in it */
    *mig_device = fake_handle_for(c->device_index, (int)index);
    return NVML_SUCCESS;
}

MAYBE_UNUSED static nvmlReturn_t get_instance_id(sym_id sym, nvmlDevice_t device, mig_field field, unsigned *id)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_MIG, &c);
    if (rc == NVML_SUCCESS && id == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *id = (unsigned)c.mig->values.value[field];
    return call_end(rc);
}

/* nvml.h: "This API currently only supports MIG device handles." */
MAYBE_UNUSED static nvmlReturn_t get_attributes(sym_id sym, nvmlDevice_t device, nvmlDeviceAttributes_t *attributes)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && attributes == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && c.mig == NULL) rc = NVML_ERROR_NOT_SUPPORTED;
    if (rc == NVML_SUCCESS) {
        const unsigned long long *v = c.mig->values.value;
        nvmlDeviceAttributes_t out = {
            .multiprocessorCount = (unsigned)v[MF_SM_COUNT],
            .sharedCopyEngineCount = (unsigned)v[MF_SHARED_COPY_ENGINES],
            .sharedDecoderCount = (unsigned)v[MF_SHARED_DECODERS],
            .sharedEncoderCount = (unsigned)v[MF_SHARED_ENCODERS],
            .sharedJpegCount = (unsigned)v[MF_SHARED_JPEGS],
            .sharedOfaCount = (unsigned)v[MF_SHARED_OFAS],
            .gpuInstanceSliceCount = (unsigned)v[MF_GI_SLICES],
            .computeInstanceSliceCount = (unsigned)v[MF_CI_SLICES],
            .memorySizeMB = v[MF_MEMORY_TOTAL_BYTES] / (1024 * 1024),
        };
        *attributes = out;
    }
    return call_end(rc);
}

#ifndef WITHHOLD_nvmlDeviceGetMaxMigDeviceCount
EXPORT nvmlReturn_t nvmlDeviceGetMaxMigDeviceCount(nvmlDevice_t device, unsigned int *count)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetMaxMigDeviceCount, device, SCOPE_PHYSICAL_STRICT, &c);
    if (rc == NVML_SUCCESS && count == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *count = max_mig_devices(c.dev);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMigDeviceHandleByIndex
EXPORT nvmlReturn_t nvmlDeviceGetMigDeviceHandleByIndex(nvmlDevice_t device, unsigned int index,
                                                        nvmlDevice_t *migDevice)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetMigDeviceHandleByIndex, device, SCOPE_PHYSICAL_STRICT, &c);
    if (rc == NVML_SUCCESS) rc = mig_handle(&c, index, migDevice);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetGpuInstanceId
EXPORT nvmlReturn_t nvmlDeviceGetGpuInstanceId(nvmlDevice_t device, unsigned int *id)
{
    return get_instance_id(SYM_nvmlDeviceGetGpuInstanceId, device, MF_GPU_INSTANCE_ID, id);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetComputeInstanceId
EXPORT nvmlReturn_t nvmlDeviceGetComputeInstanceId(nvmlDevice_t device, unsigned int *id)
{
    return get_instance_id(SYM_nvmlDeviceGetComputeInstanceId, device, MF_COMPUTE_INSTANCE_ID, id);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetAttributes_v2
EXPORT nvmlReturn_t nvmlDeviceGetAttributes_v2(nvmlDevice_t device, nvmlDeviceAttributes_t *attributes)
{
    return get_attributes(SYM_nvmlDeviceGetAttributes_v2, device, attributes);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetAttributes
EXPORT nvmlReturn_t nvmlDeviceGetAttributes(nvmlDevice_t device, nvmlDeviceAttributes_t *attributes)
{
    return get_attributes(SYM_nvmlDeviceGetAttributes, device, attributes);
}
#endif
