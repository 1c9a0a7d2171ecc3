/*
 * NVML's return codes: their names (how scenarios spell them) and the text nvmlErrorString gives.
 * The texts are the real library's (pynvml's table of them agrees for the codes it lists).
 */
#include <string.h>
#include <strings.h>

#include "fakenvml.h"

typedef struct {
    nvmlReturn_t code;
    const char *name;
    const char *message;
} error_entry;

static const error_entry ERRORS[] = {
    { NVML_SUCCESS, "SUCCESS", "Success" },
    { NVML_ERROR_UNINITIALIZED, "UNINITIALIZED", "Uninitialized" },
    { NVML_ERROR_INVALID_ARGUMENT, "INVALID_ARGUMENT", "Invalid Argument" },
    { NVML_ERROR_NOT_SUPPORTED, "NOT_SUPPORTED", "Not Supported" },
    { NVML_ERROR_NO_PERMISSION, "NO_PERMISSION", "Insufficient Permissions" },
    { NVML_ERROR_ALREADY_INITIALIZED, "ALREADY_INITIALIZED", "Already Initialized" },
    { NVML_ERROR_NOT_FOUND, "NOT_FOUND", "Not Found" },
    { NVML_ERROR_INSUFFICIENT_SIZE, "INSUFFICIENT_SIZE", "Insufficient Size" },
    { NVML_ERROR_INSUFFICIENT_POWER, "INSUFFICIENT_POWER", "Insufficient External Power" },
    { NVML_ERROR_DRIVER_NOT_LOADED, "DRIVER_NOT_LOADED", "Driver Not Loaded" },
    { NVML_ERROR_TIMEOUT, "TIMEOUT", "Timeout" },
    { NVML_ERROR_IRQ_ISSUE, "IRQ_ISSUE", "Interrupt Request Issue" },
    { NVML_ERROR_LIBRARY_NOT_FOUND, "LIBRARY_NOT_FOUND", "NVML Shared Library Not Found" },
    { NVML_ERROR_FUNCTION_NOT_FOUND, "FUNCTION_NOT_FOUND", "Function Not Found" },
    { NVML_ERROR_CORRUPTED_INFOROM, "CORRUPTED_INFOROM", "Corrupted infoROM" },
    { NVML_ERROR_GPU_IS_LOST, "GPU_IS_LOST", "GPU is lost" },
    { NVML_ERROR_RESET_REQUIRED, "RESET_REQUIRED", "GPU requires restart" },
    { NVML_ERROR_OPERATING_SYSTEM, "OPERATING_SYSTEM", "The operating system has blocked the request." },
    { NVML_ERROR_LIB_RM_VERSION_MISMATCH, "LIB_RM_VERSION_MISMATCH", "RM has detected an NVML/RM version mismatch." },
    { NVML_ERROR_IN_USE, "IN_USE", "The GPU is currently in use" },
    { NVML_ERROR_MEMORY, "MEMORY", "Insufficient Memory" },
    { NVML_ERROR_NO_DATA, "NO_DATA", "No data" },
    { NVML_ERROR_VGPU_ECC_NOT_SUPPORTED, "VGPU_ECC_NOT_SUPPORTED", "Requested vgpu operation not available with ECC enabled" },
    { NVML_ERROR_INSUFFICIENT_RESOURCES, "INSUFFICIENT_RESOURCES", "Insufficient Resources" },
    { NVML_ERROR_FREQ_NOT_SUPPORTED, "FREQ_NOT_SUPPORTED", "Frequency not supported" },
    { NVML_ERROR_ARGUMENT_VERSION_MISMATCH, "ARGUMENT_VERSION_MISMATCH", "Argument version mismatch" },
    { NVML_ERROR_DEPRECATED, "DEPRECATED", "Deprecated" },
    { NVML_ERROR_NOT_READY, "NOT_READY", "Not Ready" },
    { NVML_ERROR_GPU_NOT_FOUND, "GPU_NOT_FOUND", "GPU not found" },
    { NVML_ERROR_INVALID_STATE, "INVALID_STATE", "Invalid state" },
    { NVML_ERROR_RESET_TYPE_NOT_SUPPORTED, "RESET_TYPE_NOT_SUPPORTED", "Reset type not supported" },
    { NVML_ERROR_UNKNOWN, "UNKNOWN", "Unknown Error" },
};

enum { ERROR_COUNT = sizeof ERRORS / sizeof ERRORS[0] };

const char *nvml_error_message(nvmlReturn_t code)
{
    for (size_t i = 0; i < ERROR_COUNT; i++) {
        if (ERRORS[i].code == code) return ERRORS[i].message;
    }
    return "Unknown Error";
}

bool nvml_error_from_name(const char *name, nvmlReturn_t *code)
{
    if (strncasecmp(name, "NVML_", 5) == 0) name += 5;
    if (strncasecmp(name, "ERROR_", 6) == 0) name += 6;
    for (size_t i = 0; i < ERROR_COUNT; i++) {
        if (strcasecmp(ERRORS[i].name, name) == 0) {
            *code = ERRORS[i].code;
            return true;
        }
    }
    return false;
}
