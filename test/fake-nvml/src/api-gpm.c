/*
 * GPM (GPU performance monitoring, Hopper and newer): a reader takes two samples and asks for
 * metrics over the interval between them. A sample keeps every accumulating counter at the
 * moment it was taken, so a metric is the frame rates' exact average over the interval, across
 * frames too. Pre-Hopper GPUs answer isSupportedDevice = 0 and NOT_SUPPORTED to nvmlGpmSampleGet.
 */
#include <stdlib.h>
#include <string.h>

#include "api-common.h"
#include "frame-counters.h"

enum {
    ARCH_HOPPER = 9,
    GPM_METRIC_MAX = 333, /* NVML_GPM_METRIC_MAX of the R580 header; older ones declare fewer */
    METRIC_PCIE_TX = 20, METRIC_PCIE_RX = 21,
    METRIC_NVLINK_TOTAL_RX = 60, METRIC_NVLINK_TOTAL_TX = 61, METRIC_NVLINK_L0_RX = 62,
    NVLINK_MAX_LINKS = 18
};

struct fake_gpm_sample {
    bool filled;
    unsigned device_index;
    double seconds;
    double counter[CTR_COUNT];
    double rate[CTR_COUNT];
    unsigned long long present;
};

/* Live samples, so a freed or foreign pointer is refused instead of used. Guarded by the gate. */
MAYBE_UNUSED static nvmlGpmSample_t *g_samples;
MAYBE_UNUSED static size_t g_sample_count, g_sample_cap;

MAYBE_UNUSED static bool sample_known(nvmlGpmSample_t s)
{
    for (size_t i = 0; s != NULL && i < g_sample_count; i++) {
        if (g_samples[i] == s) return true;
    }
    return false;
}

MAYBE_UNUSED static bool gpm_supported(const fake_device *dev)
{
    if (field_present(dev->values.present, DF_GPM_SUPPORTED)) return dev->values.value[DF_GPM_SUPPORTED] != 0;
    return field_present(dev->values.present, DF_ARCHITECTURE) && dev->values.value[DF_ARCHITECTURE] >= ARCH_HOPPER &&
           dev->values.value[DF_ARCHITECTURE] != 0xFFFFFFFFULL;
}

/* The activity counters behind nvmlGpmMetricId_t 1, 2, 3, 5, 10, 11, 12, 13 (all 0.0–100.0). */
MAYBE_UNUSED static int activity_for(unsigned metric)
{
    static const unsigned IDS[GPM_ACTIVITY_COUNT] = { 1, 2, 3, 5, 10, 11, 12, 13 };
    for (int i = 0; i < GPM_ACTIVITY_COUNT; i++) {
        if (IDS[i] == metric) return CTR_GPM_FIRST + i;
    }
    return -1;
}

/* Which counter a metric averages, the divisor that turns it into the metric's unit, or false. */
MAYBE_UNUSED static bool metric_source(unsigned metric, unsigned links, counter_id *id, double *divide_by)
{
    int activity = activity_for(metric);
    *divide_by = 1.0;
    if (activity >= 0) {
        *id = (counter_id)activity;
        return true;
    }
    if (metric == METRIC_PCIE_TX || metric == METRIC_PCIE_RX) {
        *id = metric == METRIC_PCIE_TX ? CTR_PCIE_TX_BYTES : CTR_PCIE_RX_BYTES;
        *divide_by = 1048576.0; /* bytes/s → MiB/s */
        return true;
    }
    if (metric < METRIC_NVLINK_TOTAL_RX || metric >= METRIC_NVLINK_L0_RX + 2 * NVLINK_MAX_LINKS) return false;
    bool rx = metric == METRIC_NVLINK_TOTAL_RX || (metric >= METRIC_NVLINK_L0_RX && (metric - METRIC_NVLINK_L0_RX) % 2 == 0);
    unsigned link = metric >= METRIC_NVLINK_L0_RX ? (metric - METRIC_NVLINK_L0_RX) / 2 : 0;
    if (metric >= METRIC_NVLINK_L0_RX && link >= links) return false;
    *id = rx ? CTR_NVLINK_RX_KIB : CTR_NVLINK_TX_KIB;
    *divide_by = 1024.0 * (metric >= METRIC_NVLINK_L0_RX ? (double)links : 1.0); /* KiB/s → MiB/s, per link */
    return true;
}

MAYBE_UNUSED static void fill_metric(const struct fake_gpm_sample *a, const struct fake_gpm_sample *b, unsigned links,
                        nvmlGpmMetric_t *m)
{
    counter_id id;
    double divide_by;
    memset(&m->metricInfo, 0, sizeof m->metricInfo); /* nvml.h: the names "can be NULL" */
    m->value = 0;
    if (!metric_source(m->metricId, links, &id, &divide_by) || !field_present(a->present & b->present, (int)id)) {
        m->nvmlReturn = NVML_ERROR_NOT_SUPPORTED;
        return;
    }
    double dt = b->seconds - a->seconds;
    double per_second = dt > 0 ? (b->counter[id] - a->counter[id]) / dt : b->rate[id]; /* step mode: same frame */
    m->value = per_second / divide_by;
    m->nvmlReturn = NVML_SUCCESS;
}

#ifndef WITHHOLD_nvmlGpmQueryDeviceSupport
EXPORT nvmlReturn_t nvmlGpmQueryDeviceSupport(nvmlDevice_t device, nvmlGpmSupport_t *gpmSupport)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlGpmQueryDeviceSupport, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && gpmSupport == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && gpmSupport->version != NVML_GPM_SUPPORT_VERSION) rc = NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (rc == NVML_SUCCESS) gpmSupport->isSupportedDevice = gpm_supported(c.dev);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlGpmSampleAlloc
EXPORT nvmlReturn_t nvmlGpmSampleAlloc(nvmlGpmSample_t *gpmSample)
{
    const scenario *sc;
    nvmlReturn_t rc = call_begin_system(SYM_nvmlGpmSampleAlloc, &sc);
    if (rc == NVML_SUCCESS && gpmSample == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && g_sample_count == g_sample_cap) {
        size_t cap = g_sample_cap == 0 ? 16 : g_sample_cap * 2;
        nvmlGpmSample_t *grown = realloc(g_samples, cap * sizeof *grown);
        if (grown == NULL) rc = NVML_ERROR_MEMORY;
        else g_samples = grown, g_sample_cap = cap;
    }
    nvmlGpmSample_t s = rc == NVML_SUCCESS ? calloc(1, sizeof *s) : NULL;
    if (rc == NVML_SUCCESS && s == NULL) rc = NVML_ERROR_MEMORY;
    if (rc == NVML_SUCCESS) {
        g_samples[g_sample_count++] = s;
        *gpmSample = s;
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlGpmSampleFree
EXPORT nvmlReturn_t nvmlGpmSampleFree(nvmlGpmSample_t gpmSample)
{
    const scenario *sc;
    nvmlReturn_t rc = call_begin_system(SYM_nvmlGpmSampleFree, &sc);
    if (rc == NVML_SUCCESS && !sample_known(gpmSample)) rc = NVML_ERROR_INVALID_ARGUMENT;
    for (size_t i = 0; rc == NVML_SUCCESS && i < g_sample_count; i++) {
        if (g_samples[i] != gpmSample) continue;
        g_samples[i] = g_samples[--g_sample_count];
        free(gpmSample);
        break;
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlGpmSampleGet
EXPORT nvmlReturn_t nvmlGpmSampleGet(nvmlDevice_t device, nvmlGpmSample_t gpmSample)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlGpmSampleGet, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && !sample_known(gpmSample)) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && !gpm_supported(c.dev)) rc = NVML_ERROR_NOT_SUPPORTED;
    if (rc == NVML_SUCCESS) {
        double now = fake_scenario_seconds();
        gpmSample->filled = true;
        gpmSample->device_index = c.device_index;
        gpmSample->seconds = now;
        gpmSample->present = c.now->counters.present;
        for (int i = 0; i < CTR_COUNT; i++) {
            gpmSample->counter[i] = counter_at(c.now, c.frame, (counter_id)i, now);
            gpmSample->rate[i] = c.now->counters.rate[i];
        }
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlGpmMetricsGet
EXPORT nvmlReturn_t nvmlGpmMetricsGet(nvmlGpmMetricsGet_t *metricsGet)
{
    const scenario *sc;
    nvmlReturn_t rc = call_begin_system(SYM_nvmlGpmMetricsGet, &sc);
    if (rc == NVML_SUCCESS && metricsGet == NULL) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && metricsGet->version != NVML_GPM_METRICS_GET_VERSION) rc = NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    if (rc == NVML_SUCCESS && (metricsGet->numMetrics == 0 || metricsGet->numMetrics > GPM_METRIC_MAX)) {
        rc = NVML_ERROR_INVALID_ARGUMENT;
    }
    const struct fake_gpm_sample *a = rc == NVML_SUCCESS ? metricsGet->sample1 : NULL;
    const struct fake_gpm_sample *b = rc == NVML_SUCCESS ? metricsGet->sample2 : NULL;
    /* Both samples taken, on the same GPU, the second no earlier than the first. */
    bool usable = rc == NVML_SUCCESS && sample_known(metricsGet->sample1) && sample_known(metricsGet->sample2) &&
                  a->filled && b->filled && a->device_index == b->device_index && b->seconds >= a->seconds &&
                  a->device_index < sc->device_count;
    if (rc == NVML_SUCCESS && !usable) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS) {
        const fake_device *dev = &sc->devices[a->device_index];
        unsigned links = field_present(dev->values.present, DF_NVLINK_LINK_COUNT)
                             ? (unsigned)dev->values.value[DF_NVLINK_LINK_COUNT] : 0;
        for (unsigned i = 0; i < metricsGet->numMetrics; i++) fill_metric(a, b, links, &metricsGet->metrics[i]);
    }
    return call_end(rc);
}
#endif
