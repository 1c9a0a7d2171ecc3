/*
 * nvmlDeviceGetFieldValues: many values in one call, each with its own return code, timestamp
 * and type. Counters (PCIe bytes, NVLink KiB, energy, violation ns) are read at the fake's clock,
 * so two reads give exactly the frame's rates: Δvalue / Δtimestamp. The call succeeds as long as
 * its arguments are valid; a field that cannot be read says so in its own nvmlReturn.
 */
#include <string.h>

#include "api-common.h"
#include "field-ids.h"
#include "frame-counters.h"

enum { SCOPE_ALL_LINKS = 0xFFFFFFFFU, POWER_SCOPE_GPU = 0 };

/* The scenario time of the call's reads: one instant for all its fields. Guarded by the gate. */
static double g_read_at;

static void set_uint(nvmlFieldValue_t *fv, unsigned long long v)
{
    fv->valueType = NVML_VALUE_TYPE_UNSIGNED_INT;
    fv->value.uiVal = (unsigned)v;
}

static void set_ull(nvmlFieldValue_t *fv, unsigned long long v)
{
    fv->valueType = NVML_VALUE_TYPE_UNSIGNED_LONG_LONG;
    fv->value.ullVal = v;
}

/* A cumulative counter now; NOT_SUPPORTED when the frame does not support it. */
static nvmlReturn_t read_counter(const call_ctx *c, counter_id id, double divide_by, nvmlFieldValue_t *fv)
{
    if (!counter_present(c->now, id)) return NVML_ERROR_NOT_SUPPORTED;
    set_ull(fv, (unsigned long long)(counter_at(c->now, c->frame, id, g_read_at) / divide_by));
    return NVML_SUCCESS;
}

/* NVLink KiB: scopeId is a link id (each link carries an equal share) or UINT_MAX for all links. */
static nvmlReturn_t read_nvlink(const call_ctx *c, counter_id id, nvmlFieldValue_t *fv)
{
    unsigned links = (unsigned)c->dev->values.value[DF_NVLINK_LINK_COUNT];
    if (!field_present(c->dev->values.present, DF_NVLINK_LINK_COUNT) || links == 0) return NVML_ERROR_NOT_SUPPORTED;
    if (fv->scopeId != SCOPE_ALL_LINKS && fv->scopeId >= links) return NVML_ERROR_INVALID_ARGUMENT;
    return read_counter(c, id, fv->scopeId == SCOPE_ALL_LINKS ? 1.0 : (double)links, fv);
}

/* Power fields take scopeId 0 (the GPU); module and memory power are not modelled. */
static nvmlReturn_t read_power(const call_ctx *c, frame_field own, nvmlFieldValue_t *fv)
{
    unsigned long long mw = 0;
    if (fv->scopeId != POWER_SCOPE_GPU) return NVML_ERROR_NOT_SUPPORTED;
    nvmlReturn_t rc = read_frame_value(c, field_present(c->now->values.present, own) ? own : FF_POWER_MW, &mw);
    if (rc == NVML_SUCCESS) set_uint(fv, mw);
    return rc;
}

static nvmlReturn_t read_limit(const call_ctx *c, device_field field, nvmlFieldValue_t *fv)
{
    unsigned long long mw = 0;
    if (field == DF_POWER_LIMIT_MANAGEMENT_MW && !field_present(c->dev->values.present, field)) {
        field = DF_POWER_LIMIT_ENFORCED_MW;
    }
    nvmlReturn_t rc = read_device_value(c, field, &mw);
    if (rc == NVML_SUCCESS) set_uint(fv, mw);
    return rc;
}

static nvmlReturn_t read_field(const call_ctx *c, nvmlFieldValue_t *fv)
{
    unsigned id = fv->fieldId;
    unsigned long long v = 0;
    nvmlReturn_t rc = NVML_SUCCESS;
    if (id >= FI_PERF_POLICY_POWER && id <= FI_PERF_POLICY_RELIABILITY) {
        return read_counter(c, (counter_id)(CTR_VIOLATION_FIRST + (id - FI_PERF_POLICY_POWER)), 1.0, fv);
    }
    switch (id) {
    case FI_ECC_CURRENT:
    case FI_ECC_PENDING:
        rc = read_device_value(c, id == FI_ECC_CURRENT ? DF_ECC_CURRENT : DF_ECC_PENDING, &v);
        if (rc == NVML_SUCCESS) set_uint(fv, v);
        return rc;
    case FI_ECC_SBE_VOL_TOTAL:
    case FI_ECC_DBE_VOL_TOTAL:
    case FI_ECC_SBE_AGG_TOTAL:
    case FI_ECC_DBE_AGG_TOTAL:
        /* 3 SBE volatile, 4 DBE volatile, 5 SBE aggregate, 6 DBE aggregate. */
        rc = ecc_counter(c, (id - FI_ECC_SBE_VOL_TOTAL) % 2, (id - FI_ECC_SBE_VOL_TOTAL) / 2, &v);
        if (rc == NVML_SUCCESS) set_ull(fv, v);
        return rc;
    case FI_MEMORY_TEMP:
        rc = read_frame_value(c, FF_MEMORY_TEMPERATURE, &v);
        if (rc == NVML_SUCCESS) set_uint(fv, v);
        return rc;
    case FI_TOTAL_ENERGY_CONSUMPTION:
    case FI_ENERGY:
        if (!field_present(c->now->values.present, FF_ENERGY_MJ)) return NVML_ERROR_NOT_SUPPORTED;
        set_ull(fv, energy_at(c, g_read_at));
        return NVML_SUCCESS;
    case FI_NVLINK_LINK_COUNT:
        rc = read_device_value(c, DF_NVLINK_LINK_COUNT, &v);
        if (rc == NVML_SUCCESS) set_uint(fv, v);
        return rc;
    case FI_NVLINK_THROUGHPUT_DATA_TX: return read_nvlink(c, CTR_NVLINK_TX_KIB, fv);
    case FI_NVLINK_THROUGHPUT_DATA_RX: return read_nvlink(c, CTR_NVLINK_RX_KIB, fv);
    case FI_POWER_AVERAGE: return read_power(c, FF_POWER_AVERAGE_MW, fv);
    case FI_POWER_INSTANT: return read_power(c, FF_POWER_INSTANT_MW, fv);
    case FI_POWER_MIN_LIMIT: return read_limit(c, DF_POWER_LIMIT_MIN_MW, fv);
    case FI_POWER_MAX_LIMIT: return read_limit(c, DF_POWER_LIMIT_MAX_MW, fv);
    case FI_POWER_DEFAULT_LIMIT: return read_limit(c, DF_POWER_LIMIT_DEFAULT_MW, fv);
    case FI_POWER_CURRENT_LIMIT: return read_limit(c, DF_POWER_LIMIT_MANAGEMENT_MW, fv);
    case FI_PCIE_COUNT_TX_BYTES: return read_counter(c, CTR_PCIE_TX_BYTES, 1.0, fv);
    case FI_PCIE_COUNT_RX_BYTES: return read_counter(c, CTR_PCIE_RX_BYTES, 1.0, fv);
    default: return NVML_ERROR_NOT_SUPPORTED; /* a field the fake does not model */
    }
}

static unsigned long long field_cost_ns(const call_ctx *c, unsigned id)
{
    if (id >= FIELD_ID_LIMIT) return 0;
    return c->dev->fields.cost_set[id] ? c->dev->fields.cost_ns[id] : c->sc->fields.cost_ns[id];
}

#ifndef WITHHOLD_nvmlDeviceGetFieldValues
EXPORT nvmlReturn_t nvmlDeviceGetFieldValues(nvmlDevice_t device, int valuesCount, nvmlFieldValue_t *values)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetFieldValues, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && (valuesCount <= 0 || values == NULL)) rc = NVML_ERROR_INVALID_ARGUMENT;
    unsigned long long extra_ns = 0;
    for (int i = 0; rc == NVML_SUCCESS && i < valuesCount; i++) extra_ns += field_cost_ns(&c, values[i].fieldId);
    /* Fields are read after their cost is spent, so each timestamp is when its value was taken. */
    if (rc == NVML_SUCCESS) rc = call_spend_device(SYM_nvmlDeviceGetFieldValues, device, SCOPE_PHYSICAL, extra_ns, &c);
    g_read_at = rc == NVML_SUCCESS ? fake_scenario_seconds() : 0;
    unsigned long long now_us = fake_started_wall_us() + (unsigned long long)(g_read_at * 1e6);
    for (int i = 0; rc == NVML_SUCCESS && i < valuesCount; i++) {
        nvmlFieldValue_t *fv = &values[i];
        unsigned id = fv->fieldId;
        memset(&fv->value, 0, sizeof fv->value);
        fv->valueType = NVML_VALUE_TYPE_UNSIGNED_INT;
        fv->timestamp = (long long)now_us;
        fv->latencyUsec = (long long)((field_cost_ns(&c, id) + 500) / 1000);
        fv->nvmlReturn = id < FIELD_ID_LIMIT && c.dev->fields.error[id] != NVML_SUCCESS ? c.dev->fields.error[id]
                                                                                        : read_field(&c, fv);
    }
    return call_end(rc);
}
#endif
