/*
 * Per-field rules for nvmlDeviceGetFieldValues: "unsupportedFields", "fieldErrors" and
 * "fieldCostUs". A field is named by its nvml.h name ("NVML_FI_DEV_POWER_INSTANT") or its id
 * (186, or "186" as an object key); errors and costs then apply to that field alone, in the
 * field's own nvmlReturn, while the call itself succeeds, as the real library reports them.
 */
#include <stdlib.h>
#include <string.h>

#include "field-ids.h"
#include "scenario-fields.h"

const field_name fake_field_names[] = {
    { FI_ECC_CURRENT, "NVML_FI_DEV_ECC_CURRENT" },
    { FI_ECC_PENDING, "NVML_FI_DEV_ECC_PENDING" },
    { FI_ECC_SBE_VOL_TOTAL, "NVML_FI_DEV_ECC_SBE_VOL_TOTAL" },
    { FI_ECC_DBE_VOL_TOTAL, "NVML_FI_DEV_ECC_DBE_VOL_TOTAL" },
    { FI_ECC_SBE_AGG_TOTAL, "NVML_FI_DEV_ECC_SBE_AGG_TOTAL" },
    { FI_ECC_DBE_AGG_TOTAL, "NVML_FI_DEV_ECC_DBE_AGG_TOTAL" },
    { 74, "NVML_FI_DEV_PERF_POLICY_POWER" },
    { 75, "NVML_FI_DEV_PERF_POLICY_THERMAL" },
    { 76, "NVML_FI_DEV_PERF_POLICY_SYNC_BOOST" },
    { 77, "NVML_FI_DEV_PERF_POLICY_BOARD_LIMIT" },
    { 78, "NVML_FI_DEV_PERF_POLICY_LOW_UTILIZATION" },
    { 79, "NVML_FI_DEV_PERF_POLICY_RELIABILITY" },
    { FI_MEMORY_TEMP, "NVML_FI_DEV_MEMORY_TEMP" },
    { FI_TOTAL_ENERGY_CONSUMPTION, "NVML_FI_DEV_TOTAL_ENERGY_CONSUMPTION" },
    { FI_NVLINK_LINK_COUNT, "NVML_FI_DEV_NVLINK_LINK_COUNT" },
    { FI_NVLINK_THROUGHPUT_DATA_TX, "NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX" },
    { FI_NVLINK_THROUGHPUT_DATA_RX, "NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX" },
    { FI_POWER_AVERAGE, "NVML_FI_DEV_POWER_AVERAGE" },
    { FI_POWER_INSTANT, "NVML_FI_DEV_POWER_INSTANT" },
    { FI_POWER_MIN_LIMIT, "NVML_FI_DEV_POWER_MIN_LIMIT" },
    { FI_POWER_MAX_LIMIT, "NVML_FI_DEV_POWER_MAX_LIMIT" },
    { FI_POWER_DEFAULT_LIMIT, "NVML_FI_DEV_POWER_DEFAULT_LIMIT" },
    { FI_POWER_CURRENT_LIMIT, "NVML_FI_DEV_POWER_CURRENT_LIMIT" },
    { FI_ENERGY, "NVML_FI_DEV_ENERGY" },
    { FI_PCIE_COUNT_TX_BYTES, "NVML_FI_DEV_PCIE_COUNT_TX_BYTES" },
    { FI_PCIE_COUNT_RX_BYTES, "NVML_FI_DEV_PCIE_COUNT_RX_BYTES" },
    { 0, NULL },
};

#define MAX_FIELD_COST_US 10000000.0

/* A field id from a name, a number, or a number written as a string. */
static bool field_id_of(parse_ctx *p, const char *where, const char *text, const cJSON *number, unsigned *id)
{
    if (number != NULL) {
        unsigned long long v;
        if (!json_uint(p, where, number, FIELD_ID_LIMIT - 1, &v)) return false;
        *id = (unsigned)v;
        return true;
    }
    for (const field_name *f = fake_field_names; f->name != NULL; f++) {
        if (strcmp(f->name, text) == 0) {
            *id = f->id;
            return true;
        }
    }
    char *end = NULL;
    unsigned long v = strtoul(text, &end, 10);
    if (text[0] != '\0' && end != NULL && *end == '\0' && v < FIELD_ID_LIMIT) {
        *id = (unsigned)v;
        return true;
    }
    return parse_fail(p, where, "\"%s\" is not a field id below %d or an NVML_FI_DEV_* name the fake models", text,
                      FIELD_ID_LIMIT);
}

static bool parse_unsupported(parse_ctx *p, const char *where, const cJSON *list, field_rules *rules)
{
    if (!expect_array(p, where, list)) return false;
    const cJSON *item;
    int index = 0;
    cJSON_ArrayForEach(item, list) {
        char here[256];
        where_index(here, sizeof here, where, "", index++);
        unsigned id;
        if (!cJSON_IsString(item) && !cJSON_IsNumber(item)) return parse_fail(p, here, "expected a field id or name");
        if (!field_id_of(p, here, cJSON_IsString(item) ? item->valuestring : "", cJSON_IsNumber(item) ? item : NULL, &id)) {
            return false;
        }
        rules->error[id] = NVML_ERROR_NOT_SUPPORTED;
    }
    return true;
}

static bool parse_field_map(parse_ctx *p, const char *where, const cJSON *map, bool costs, field_rules *rules)
{
    if (!expect_object(p, where, map)) return false;
    for (const cJSON *item = map->child; item != NULL; item = item->next) {
        char here[256];
        where_key(here, sizeof here, where, item->string);
        unsigned id;
        if (!field_id_of(p, here, item->string, NULL, &id)) return false;
        if (costs) {
            double us = 0;
            if (!json_number(p, here, item, &us)) return false;
            if (us < 0 || us > MAX_FIELD_COST_US) return parse_fail(p, here, "expected 0 to 10000000 µs, got %g", us);
            rules->cost_ns[id] = (unsigned long long)(us * 1000.0 + 0.5);
            rules->cost_set[id] = true;
            continue;
        }
        nvmlReturn_t code = NVML_ERROR_UNKNOWN;
        if (!cJSON_IsString(item) || !nvml_error_from_name(item->valuestring, &code) || code == NVML_SUCCESS) {
            return parse_fail(p, here, "expected an NVML return code name other than SUCCESS");
        }
        rules->error[id] = code;
    }
    return true;
}

bool parse_field_rules(parse_ctx *p, const char *where, const cJSON *owner_obj, bool costs_only, field_rules *rules)
{
    static const char *const KEYS[] = { "unsupportedFields", "fieldErrors", "fieldCostUs" };
    for (int k = 0; k < 3; k++) {
        const cJSON *member = cJSON_GetObjectItemCaseSensitive(owner_obj, KEYS[k]);
        if (member == NULL) continue;
        char here[256];
        where_key(here, sizeof here, where, KEYS[k]);
        if (costs_only && k < 2) return parse_fail(p, here, "belongs under a device (fields are per GPU)");
        bool ok = k == 0 ? parse_unsupported(p, here, member, rules) : parse_field_map(p, here, member, k == 2, rules);
        if (!ok) return false;
    }
    return true;
}
