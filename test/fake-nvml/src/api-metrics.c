/*
 * Memory, utilisation, thermal, power, clocks and PCIe: mostly the current frame's values.
 */
#include "api-common.h"

enum { CODEC_SAMPLING_PERIOD_US = 167000 }; /* what drivers report for encoder/decoder sampling */

/* total, reserved and allocated bytes; a MIG device has its own slice and no reserve. */
MAYBE_UNUSED static nvmlReturn_t memory_numbers(const call_ctx *c, unsigned long long *total, unsigned long long *reserved,
                                   unsigned long long *used)
{
    if (c->mig != NULL) {
        *total = c->mig->values.value[MF_MEMORY_TOTAL_BYTES];
        *reserved = 0;
        *used = c->mig->values.value[MF_MEMORY_USED_BYTES];
        return NVML_SUCCESS;
    }
    nvmlReturn_t rc = read_device_value(c, DF_MEMORY_TOTAL_BYTES, total);
    if (rc == NVML_SUCCESS) rc = read_frame_value(c, FF_MEMORY_USED_BYTES, used);
    *reserved = c->dev->values.value[DF_MEMORY_RESERVED_BYTES]; /* 0 when not given */
    return rc;
}

/* Utilisation counters are not kept per GPU in MIG mode (nvidia-smi shows N/A). */
MAYBE_UNUSED static nvmlReturn_t get_codec_util(sym_id sym, nvmlDevice_t device, frame_field field,
                                                unsigned *utilization, unsigned *sampling_period_us)
{
    call_ctx c;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && (utilization == NULL || sampling_period_us == NULL)) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && mig_enabled(c.dev)) rc = NVML_ERROR_NOT_SUPPORTED;
    if (rc == NVML_SUCCESS) rc = read_frame_value(&c, field, &value);
    if (rc == NVML_SUCCESS) {
        *utilization = (unsigned)value;
        *sampling_period_us = CODEC_SAMPLING_PERIOD_US;
    }
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t get_clock(sym_id sym, nvmlDevice_t device, int type, bool max, unsigned *mhz)
{
    call_ctx c;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && (type < 0 || type >= NVML_CLOCK_COUNT || mhz == NULL)) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && max) rc = read_device_value(&c, (device_field)(DF_MAX_CLOCK_GRAPHICS + type), &value);
    if (rc == NVML_SUCCESS && !max) rc = read_frame_value(&c, (frame_field)(FF_CLOCK_GRAPHICS + type), &value);
    if (rc == NVML_SUCCESS) *mhz = (unsigned)value;
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t get_reasons(sym_id sym, nvmlDevice_t device, unsigned long long *reasons)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && reasons == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = read_frame_value(&c, FF_CLOCK_EVENT_REASONS, reasons);
    return call_end(rc);
}

MAYBE_UNUSED static nvmlReturn_t threshold_field(int type, device_field *field)
{
    static const device_field FIELDS[] = { DF_TEMP_SHUTDOWN, DF_TEMP_SLOWDOWN, DF_TEMP_MEM_MAX, DF_TEMP_GPU_MAX };
    if (type < 0 || type >= NVML_TEMPERATURE_THRESHOLD_COUNT) return NVML_ERROR_INVALID_ARGUMENT;
    if (type >= (int)(sizeof FIELDS / sizeof FIELDS[0])) return NVML_ERROR_NOT_SUPPORTED; /* acoustic, GPS */
    *field = FIELDS[type];
    return NVML_SUCCESS;
}

#ifndef WITHHOLD_nvmlDeviceGetMemoryInfo_v2
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t device, nvmlMemory_v2_t *memory)
{
    call_ctx c;
    unsigned long long total = 0, reserved = 0, used = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetMemoryInfo_v2, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && memory == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && memory->version != NVML_STRUCT_VERSION(nvmlMemory_v2_t, 2)) {
        rc = NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    }
    if (rc == NVML_SUCCESS) rc = memory_numbers(&c, &total, &reserved, &used);
    if (rc == NVML_SUCCESS) {
        memory->total = total;
        memory->reserved = reserved;
        memory->used = used;
        memory->free = total - reserved - used;
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMemoryInfo
/* The v1 struct has no reserved field: its "used" includes the reserve, as the real one does. */
EXPORT nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory)
{
    call_ctx c;
    unsigned long long total = 0, reserved = 0, used = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetMemoryInfo, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && memory == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = memory_numbers(&c, &total, &reserved, &used);
    if (rc == NVML_SUCCESS) {
        memory->total = total;
        memory->used = used + reserved;
        memory->free = total - reserved - used;
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetUtilizationRates
EXPORT nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *utilization)
{
    call_ctx c;
    unsigned long long gpu = 0, memory = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetUtilizationRates, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && utilization == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && mig_enabled(c.dev)) rc = NVML_ERROR_NOT_SUPPORTED;
    if (rc == NVML_SUCCESS) rc = read_frame_value(&c, FF_GPU_UTIL, &gpu);
    if (rc == NVML_SUCCESS) rc = read_frame_value(&c, FF_MEMORY_UTIL, &memory);
    if (rc == NVML_SUCCESS) {
        utilization->gpu = (unsigned)gpu;
        utilization->memory = (unsigned)memory;
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetEncoderUtilization
EXPORT nvmlReturn_t nvmlDeviceGetEncoderUtilization(nvmlDevice_t device, unsigned int *utilization,
                                                    unsigned int *samplingPeriodUs)
{
    return get_codec_util(SYM_nvmlDeviceGetEncoderUtilization, device, FF_ENCODER_UTIL, utilization, samplingPeriodUs);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetDecoderUtilization
EXPORT nvmlReturn_t nvmlDeviceGetDecoderUtilization(nvmlDevice_t device, unsigned int *utilization,
                                                    unsigned int *samplingPeriodUs)
{
    return get_codec_util(SYM_nvmlDeviceGetDecoderUtilization, device, FF_DECODER_UTIL, utilization, samplingPeriodUs);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetTemperature
EXPORT nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, int sensorType, unsigned int *temp)
{
    call_ctx c;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetTemperature, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && (sensorType != NVML_TEMPERATURE_GPU || temp == NULL)) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = read_frame_value(&c, FF_TEMPERATURE, &value);
    if (rc == NVML_SUCCESS) *temp = (unsigned)value;
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetTemperatureThreshold
EXPORT nvmlReturn_t nvmlDeviceGetTemperatureThreshold(nvmlDevice_t device, int thresholdType, unsigned int *temp)
{
    call_ctx c;
    device_field field = DF_TEMP_SHUTDOWN;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetTemperatureThreshold, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && temp == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = threshold_field(thresholdType, &field);
    if (rc == NVML_SUCCESS) rc = read_device_value(&c, field, &value);
    if (rc == NVML_SUCCESS) *temp = (unsigned)value;
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetFanSpeed
EXPORT nvmlReturn_t nvmlDeviceGetFanSpeed(nvmlDevice_t device, unsigned int *speed)
{
    return get_frame_uint(SYM_nvmlDeviceGetFanSpeed, device, FF_FAN_SPEED, speed);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPowerUsage
EXPORT nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *power)
{
    return get_frame_uint(SYM_nvmlDeviceGetPowerUsage, device, FF_POWER_MW, power);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetEnforcedPowerLimit
EXPORT nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t device, unsigned int *limit)
{
    return get_device_uint(SYM_nvmlDeviceGetEnforcedPowerLimit, device, DF_POWER_LIMIT_ENFORCED_MW, limit);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPowerManagementDefaultLimit
EXPORT nvmlReturn_t nvmlDeviceGetPowerManagementDefaultLimit(nvmlDevice_t device, unsigned int *defaultLimit)
{
    return get_device_uint(SYM_nvmlDeviceGetPowerManagementDefaultLimit, device, DF_POWER_LIMIT_DEFAULT_MW,
                           defaultLimit);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetTotalEnergyConsumption
EXPORT nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t device, unsigned long long *energy)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetTotalEnergyConsumption, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && energy == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && !field_present(c.now->values.present, FF_ENERGY_MJ)) rc = NVML_ERROR_NOT_SUPPORTED;
    if (rc == NVML_SUCCESS) *energy = energy_now(&c);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetClockInfo
EXPORT nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, int type, unsigned int *clock)
{
    return get_clock(SYM_nvmlDeviceGetClockInfo, device, type, false, clock);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMaxClockInfo
EXPORT nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, int type, unsigned int *clock)
{
    return get_clock(SYM_nvmlDeviceGetMaxClockInfo, device, type, true, clock);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPerformanceState
EXPORT nvmlReturn_t nvmlDeviceGetPerformanceState(nvmlDevice_t device, unsigned int *pState)
{
    return get_frame_uint(SYM_nvmlDeviceGetPerformanceState, device, FF_PSTATE, pState);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCurrentClocksEventReasons
EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device, unsigned long long *clocksEventReasons)
{
    return get_reasons(SYM_nvmlDeviceGetCurrentClocksEventReasons, device, clocksEventReasons);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCurrentClocksThrottleReasons
EXPORT nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device,
                                                              unsigned long long *clocksThrottleReasons)
{
    return get_reasons(SYM_nvmlDeviceGetCurrentClocksThrottleReasons, device, clocksThrottleReasons);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCurrPcieLinkGeneration
EXPORT nvmlReturn_t nvmlDeviceGetCurrPcieLinkGeneration(nvmlDevice_t device, unsigned int *currLinkGen)
{
    return get_frame_uint(SYM_nvmlDeviceGetCurrPcieLinkGeneration, device, FF_PCIE_GEN, currLinkGen);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMaxPcieLinkGeneration
EXPORT nvmlReturn_t nvmlDeviceGetMaxPcieLinkGeneration(nvmlDevice_t device, unsigned int *maxLinkGen)
{
    return get_device_uint(SYM_nvmlDeviceGetMaxPcieLinkGeneration, device, DF_PCIE_MAX_GEN, maxLinkGen);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetCurrPcieLinkWidth
EXPORT nvmlReturn_t nvmlDeviceGetCurrPcieLinkWidth(nvmlDevice_t device, unsigned int *currLinkWidth)
{
    return get_frame_uint(SYM_nvmlDeviceGetCurrPcieLinkWidth, device, FF_PCIE_WIDTH, currLinkWidth);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetMaxPcieLinkWidth
EXPORT nvmlReturn_t nvmlDeviceGetMaxPcieLinkWidth(nvmlDevice_t device, unsigned int *maxLinkWidth)
{
    return get_device_uint(SYM_nvmlDeviceGetMaxPcieLinkWidth, device, DF_PCIE_MAX_WIDTH, maxLinkWidth);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetPcieThroughput
EXPORT nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t device, int counter, unsigned int *value)
{
    call_ctx c;
    unsigned long long kib_per_second = 0;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetPcieThroughput, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && (counter < 0 || counter >= NVML_PCIE_UTIL_COUNT || value == NULL)) {
        rc = NVML_ERROR_INVALID_ARGUMENT;
    }
    if (rc == NVML_SUCCESS) {
        rc = read_frame_value(&c, counter == NVML_PCIE_UTIL_TX_BYTES ? FF_PCIE_TX_KIBPS : FF_PCIE_RX_KIBPS,
                              &kib_per_second);
    }
    if (rc == NVML_SUCCESS) *value = (unsigned)kib_per_second;
    return call_end(rc);
}
#endif
