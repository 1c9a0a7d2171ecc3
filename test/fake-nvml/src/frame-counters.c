/*
 * Counters that advance at a frame's rates, computed once at load: each frame starts where the
 * previous one left off (start = previous start + previous rate × the time between them), so a
 * reader that diffs two reads across frames sees exactly the rates the scenario set.
 */
#include <string.h>

#include "frame-counters.h"

/* nvmlClocksEventReason* bits behind each violation counter, when a frame gives no explicit share. */
static const unsigned long long VIOLATION_REASONS[VIOLATION_POLICY_COUNT] = {
    0x4ULL | 0x80ULL,  /* power: SW power cap, HW power brake */
    0x20ULL | 0x40ULL, /* thermal: SW and HW thermal slowdown */
    0x10ULL,           /* sync boost */
    0,                 /* board limit: no reason bit */
    0x1ULL,            /* low utilisation: GPU idle */
    0,                 /* reliability: no reason bit */
};

static void set_rate(frame_counters *c, counter_id id, double rate)
{
    c->rate[id] = rate;
    c->present |= 1ULL << id;
}

/* Rates in each counter's unit per second, from the frame's values. */
static void set_rates(const frame_values *v, frame_counters *c)
{
    static const frame_field LINK_RATES[4] = { FF_PCIE_TX_KIBPS, FF_PCIE_RX_KIBPS, FF_NVLINK_TX_KIBPS, FF_NVLINK_RX_KIBPS };
    c->present = 0;
    memset(c->rate, 0, sizeof c->rate);
    for (int i = 0; i < 4; i++) {
        if (!field_present(v->present, LINK_RATES[i])) continue;
        double scale = i < 2 ? 1024.0 : 1.0; /* PCIe counts bytes, NVLink KiB */
        set_rate(c, (counter_id)(CTR_PCIE_TX_BYTES + i), (double)v->value[LINK_RATES[i]] * scale);
    }
    bool has_reasons = field_present(v->present, FF_CLOCK_EVENT_REASONS);
    for (int i = 0; i < VIOLATION_POLICY_COUNT; i++) {
        counter_id id = (counter_id)(CTR_VIOLATION_FIRST + i);
        frame_field explicit_share = (frame_field)(FF_VIOLATION_POWER + i);
        if (field_present(v->present, explicit_share)) {
            set_rate(c, id, (double)v->value[explicit_share] * 1e4); /* 1/1000 % of 1e9 ns */
        } else if (has_reasons) {
            set_rate(c, id, (v->value[FF_CLOCK_EVENT_REASONS] & VIOLATION_REASONS[i]) != 0 ? 1e9 : 0);
        }
    }
    for (int i = 0; i < GPM_ACTIVITY_COUNT; i++) {
        frame_field f = (frame_field)(FF_GPM_GRAPHICS + i);
        if (field_present(v->present, f)) set_rate(c, (counter_id)(CTR_GPM_FIRST + i), (double)v->value[f] / 1000.0);
    }
    /* GPM's graphics activity is the GPU-Util of nvidia-smi unless the frame says otherwise. */
    if (!field_present(v->present, FF_GPM_GRAPHICS) && field_present(v->present, FF_GPU_UTIL)) {
        set_rate(c, CTR_GPM_FIRST, (double)v->value[FF_GPU_UTIL]);
    }
}

void advance_counters(const frame_device *prev, double seconds_since_prev, const cJSON *entry, frame_device *fd)
{
    static const struct { counter_id id; frame_field start; const char *key; } STARTS[] = {
        { CTR_PCIE_TX_BYTES, FF_PCIE_TX_BYTES, "pcieTxBytes" },
        { CTR_PCIE_RX_BYTES, FF_PCIE_RX_BYTES, "pcieRxBytes" },
        { CTR_NVLINK_TX_KIB, FF_NVLINK_TX_KIB, "nvlinkTxKiB" },
        { CTR_NVLINK_RX_KIB, FF_NVLINK_RX_KIB, "nvlinkRxKiB" },
    };
    set_rates(&fd->values, &fd->counters);
    for (int c = 0; c < CTR_COUNT; c++) {
        const frame_counters *pc = prev != NULL ? &prev->counters : NULL;
        fd->counters.at_start[c] = pc == NULL ? 0 : pc->at_start[c] + pc->rate[c] * seconds_since_prev;
    }
    for (size_t i = 0; entry != NULL && i < sizeof STARTS / sizeof STARTS[0]; i++) {
        const cJSON *given = cJSON_GetObjectItemCaseSensitive(entry, STARTS[i].key);
        if (given != NULL && !cJSON_IsNull(given)) fd->counters.at_start[STARTS[i].id] = (double)fd->values.value[STARTS[i].start];
    }
}

static bool parse_pattern(parse_ctx *p, const char *where, const cJSON *list, double scale, unsigned max,
                          sample_pattern *out)
{
    if (cJSON_IsNull(list)) {
        out->length = 0;
        return true;
    }
    if (!expect_array(p, where, list)) return false;
    int count = cJSON_GetArraySize(list);
    if (count == 0 || count > SAMPLE_PATTERN_CAP) {
        return parse_fail(p, where, "needs 1 to %d values (one per 1/6 s sampling tick, repeating)", SAMPLE_PATTERN_CAP);
    }
    for (int i = 0; i < count; i++) {
        double v = 0;
        char here[256];
        where_index(here, sizeof here, where, "", i);
        if (!json_number(p, here, cJSON_GetArrayItem(list, i), &v)) return false;
        if (v < 0 || v * scale > max) return parse_fail(p, here, "%g is out of range", v);
        out->value[i] = (unsigned)(v * scale + 0.5);
    }
    out->length = (unsigned)count;
    return true;
}

bool parse_sample_patterns(parse_ctx *p, const char *where, const cJSON *entry, frame_device *fd)
{
    static const struct { const char *key; double scale; unsigned max; } PATTERNS[SAMPLE_PATTERNS] = {
        { "gpuUtilSamplesPercent", 1, 100 },
        { "memoryUtilSamplesPercent", 1, 100 },
        { "powerSamplesWatts", 1000, 0xFFFFFFFFU }, /* samples are mW */
    };
    for (int i = 0; i < SAMPLE_PATTERNS; i++) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(entry, PATTERNS[i].key);
        if (list == NULL) continue;
        char here[256];
        where_key(here, sizeof here, where, PATTERNS[i].key);
        if (!parse_pattern(p, here, list, PATTERNS[i].scale, PATTERNS[i].max, &fd->patterns[i])) return false;
    }
    return true;
}
