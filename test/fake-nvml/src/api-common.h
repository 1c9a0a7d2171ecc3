/*
 * The shapes most device getters share: read one fixed or one current-frame value. Static inline
 * so a variant that compiles out every caller of one of them builds without warnings.
 */
#ifndef FAKE_NVML_API_COMMON_H
#define FAKE_NVML_API_COMMON_H

#include "fakenvml.h"

static inline nvmlReturn_t read_device_value(const call_ctx *c, device_field field, unsigned long long *out)
{
    if (!field_present(c->dev->values.present, field)) return NVML_ERROR_NOT_SUPPORTED;
    *out = c->dev->values.value[field];
    return NVML_SUCCESS;
}

static inline nvmlReturn_t read_frame_value(const call_ctx *c, frame_field field, unsigned long long *out)
{
    if (!field_present(c->now->values.present, field)) return NVML_ERROR_NOT_SUPPORTED;
    *out = c->now->values.value[field];
    return NVML_SUCCESS;
}

/* The energy counter (mJ) at the frame start plus what the frame's power draw has added by `at`. */
static inline unsigned long long energy_at(const call_ctx *c, double at)
{
    const frame_values *v = &c->now->values;
    unsigned long long energy = v->value[FF_ENERGY_MJ];
    if (!field_present(v->present, FF_POWER_MW)) return energy;
    return energy + (unsigned long long)((double)v->value[FF_POWER_MW] * (at - c->frame->at_seconds));
}

static inline unsigned long long energy_now(const call_ctx *c)
{
    return energy_at(c, fake_scenario_seconds());
}

/* An ECC error total (nvmlDeviceGetTotalEccErrors, and NVML_FI_DEV_ECC_*_TOTAL in field values). */
static inline nvmlReturn_t ecc_counter(const call_ctx *c, int error_type, int counter_type, unsigned long long *count)
{
    static const device_field COUNTERS[2][2] = {
        { DF_ECC_CORRECTED_VOLATILE, DF_ECC_CORRECTED_AGGREGATE },
        { DF_ECC_UNCORRECTED_VOLATILE, DF_ECC_UNCORRECTED_AGGREGATE },
    };
    bool valid = error_type >= 0 && error_type < NVML_MEMORY_ERROR_TYPE_COUNT && counter_type >= 0 &&
                 counter_type < NVML_ECC_COUNTER_TYPE_COUNT && count != NULL;
    if (!valid) return NVML_ERROR_INVALID_ARGUMENT;
    /* The counters need ECC on; GPUs without ECC or with it off report NOT_SUPPORTED. */
    bool ecc_on = field_present(c->dev->values.present, DF_ECC_CURRENT) && c->dev->values.value[DF_ECC_CURRENT] != 0;
    if (!ecc_on) return NVML_ERROR_NOT_SUPPORTED;
    return read_device_value(c, COUNTERS[error_type][counter_type], count);
}

/* A whole call returning one fixed device value as unsigned int. */
static inline nvmlReturn_t get_device_uint(sym_id sym, nvmlDevice_t device, device_field field, unsigned int *out)
{
    call_ctx c;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && out == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = read_device_value(&c, field, &value);
    if (rc == NVML_SUCCESS) *out = (unsigned int)value;
    return call_end(rc);
}

/* A whole call returning one current-frame value as unsigned int. */
static inline nvmlReturn_t get_frame_uint(sym_id sym, nvmlDevice_t device, frame_field field, unsigned int *out)
{
    call_ctx c;
    unsigned long long value = 0;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && out == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) rc = read_frame_value(&c, field, &value);
    if (rc == NVML_SUCCESS) *out = (unsigned int)value;
    return call_end(rc);
}

#endif
