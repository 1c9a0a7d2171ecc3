/*
 * Library and system functions: init/shutdown, error strings, versions, device count and
 * handles by index. Each exported function can be compiled out with -DWITHHOLD_<name> to build
 * an "old driver" variant.
 */
#include "fakenvml.h"

MAYBE_UNUSED static nvmlReturn_t system_string(sym_id sym, char *out, unsigned length)
{
    const scenario *sc;
    nvmlReturn_t rc = call_begin_system(sym, &sc);
    if (rc == NVML_SUCCESS && out == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) {
        rc = copy_string_out(out, length, sym == SYM_nvmlSystemGetNVMLVersion ? sc->nvml_version : sc->driver_version);
    }
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t cuda_driver_version(sym_id sym, int *version)
{
    const scenario *sc;
    nvmlReturn_t rc = call_begin_system(sym, &sc);
    if (rc == NVML_SUCCESS && version == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    /* NVML asks libcuda for this; a scenario without it imitates a host where libcuda is missing. */
    if (rc == NVML_SUCCESS && !sc->has_cuda_version) rc = NVML_ERROR_LIBRARY_NOT_FOUND;
    if (rc == NVML_SUCCESS) *version = sc->cuda_version;
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t device_count(sym_id sym, unsigned int *count)
{
    const scenario *sc;
    nvmlReturn_t rc = call_begin_system(sym, &sc);
    if (rc == NVML_SUCCESS && count == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) {
        fake_step_frame();
        *count = sc->device_count; /* a lost GPU still counts; its handle reports GPU_IS_LOST */
    }
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t handle_by_index(sym_id sym, unsigned int index, nvmlDevice_t *device)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_index(sym, index, &c);
    if (rc == NVML_SUCCESS && device == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) *device = fake_handle_for(index, -1);
    return call_end(rc);
}

#ifndef WITHHOLD_nvmlInit_v2
EXPORT nvmlReturn_t nvmlInit_v2(void)
{
    return fake_init();
}
#endif

#ifndef WITHHOLD_nvmlInit
EXPORT nvmlReturn_t nvmlInit(void)
{
    return fake_init();
}
#endif

#ifndef WITHHOLD_nvmlShutdown
EXPORT nvmlReturn_t nvmlShutdown(void)
{
    return fake_shutdown();
}
#endif

#ifndef WITHHOLD_nvmlErrorString
EXPORT const char *nvmlErrorString(nvmlReturn_t result)
{
    return nvml_error_message(result);
}
#endif

#ifndef WITHHOLD_nvmlSystemGetDriverVersion
EXPORT nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length)
{
    return system_string(SYM_nvmlSystemGetDriverVersion, version, length);
}
#endif

#ifndef WITHHOLD_nvmlSystemGetNVMLVersion
EXPORT nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length)
{
    return system_string(SYM_nvmlSystemGetNVMLVersion, version, length);
}
#endif

#ifndef WITHHOLD_nvmlSystemGetCudaDriverVersion_v2
EXPORT nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *cudaDriverVersion)
{
    return cuda_driver_version(SYM_nvmlSystemGetCudaDriverVersion_v2, cudaDriverVersion);
}
#endif

#ifndef WITHHOLD_nvmlSystemGetCudaDriverVersion
EXPORT nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *cudaDriverVersion)
{
    return cuda_driver_version(SYM_nvmlSystemGetCudaDriverVersion, cudaDriverVersion);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCount_v2
EXPORT nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *deviceCount)
{
    return device_count(SYM_nvmlDeviceGetCount_v2, deviceCount);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCount
EXPORT nvmlReturn_t nvmlDeviceGetCount(unsigned int *deviceCount)
{
    return device_count(SYM_nvmlDeviceGetCount, deviceCount);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetHandleByIndex_v2
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device)
{
    return handle_by_index(SYM_nvmlDeviceGetHandleByIndex_v2, index, device);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetHandleByIndex
EXPORT nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int index, nvmlDevice_t *device)
{
    return handle_by_index(SYM_nvmlDeviceGetHandleByIndex, index, device);
}
#endif
