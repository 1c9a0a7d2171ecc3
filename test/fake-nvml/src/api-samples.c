/*
 * nvmlDeviceGetSamples (the driver's ring of recent samples, one every 1/6 s) and
 * nvmlDeviceGetViolationStatus (cumulative time held below requested clocks, per reason).
 *
 * The ring is as full at nvmlInit as a running driver's would be: ticks before nvmlInit take the
 * first frame's values. A tick takes the values of the frame current at its time, and a frame's
 * sample pattern (gpuUtilSamplesPercent, ...) gives sub-second structure to a 1 s reader.
 */
#include "api-common.h"
#include "frame-counters.h"

enum {
    SAMPLE_PERIOD_US = 166667, /* the same 1/6 s tick as process-utilisation samples */
    SAMPLE_RING = 120          /* 20 s of samples; what samples == NULL reports as the count */
};

typedef struct {
    frame_field field; /* the frame value a sample takes */
    int pattern;       /* index into frame_device.patterns, -1 for none */
    bool per_gpu_util; /* not kept per GPU in MIG mode */
} sample_source;

/* nvmlSamplingType_t 0..6; 7 (module power), 8 (JPG) and 9 (OFA) are not modelled. */
static const sample_source SOURCES[] = {
    { FF_POWER_MW, 2, false },     /* NVML_TOTAL_POWER_SAMPLES: mW */
    { FF_GPU_UTIL, 0, true },      /* NVML_GPU_UTILIZATION_SAMPLES: % */
    { FF_MEMORY_UTIL, 1, true },   /* NVML_MEMORY_UTILIZATION_SAMPLES: % */
    { FF_ENCODER_UTIL, -1, true }, /* NVML_ENC_UTILIZATION_SAMPLES: % */
    { FF_DECODER_UTIL, -1, true }, /* NVML_DEC_UTILIZATION_SAMPLES: % */
    { FF_CLOCK_GRAPHICS, -1, false }, /* NVML_PROCESSOR_CLK_SAMPLES: MHz */
    { FF_CLOCK_MEM, -1, false },   /* NVML_MEMORY_CLK_SAMPLES: MHz */
};

static bool sample_value(const frame_device *fd, const sample_source *src, long long tick, unsigned *value)
{
    const sample_pattern *pattern = src->pattern >= 0 ? &fd->patterns[src->pattern] : NULL;
    if (pattern != NULL && pattern->length > 0) {
        long long len = pattern->length;
        *value = pattern->value[((tick % len) + len) % len];
        return true;
    }
    if (!field_present(fd->values.present, src->field)) return false;
    *value = (unsigned)fd->values.value[src->field];
    return true;
}

/* Copies the ring's samples newer than last_seen, oldest first, up to *count. */
static nvmlReturn_t fill_ring(const call_ctx *c, const sample_source *src, unsigned long long last_seen,
                              unsigned *count, nvmlSample_t *samples)
{
    long long newest = (long long)(fake_scenario_seconds() * 1e6) / SAMPLE_PERIOD_US;
    long long start_us = (long long)fake_started_wall_us();
    unsigned n = 0, frame = 0;
    for (long long tick = newest - SAMPLE_RING + 1; tick <= newest && n < *count; tick++) {
        long long at_us = start_us + tick * SAMPLE_PERIOD_US;
        if (at_us <= (long long)last_seen) continue;
        double at_seconds = (double)(tick * SAMPLE_PERIOD_US) / 1e6;
        while (frame + 1 < c->sc->frame_count && c->sc->frames[frame + 1].at_seconds <= at_seconds) frame++;
        unsigned value = 0;
        if (!sample_value(&c->sc->frames[frame].devices[c->device_index], src, tick, &value)) continue;
        samples[n].timeStamp = (unsigned long long)at_us;
        samples[n].sampleValue.ullVal = 0;
        samples[n].sampleValue.uiVal = value;
        n++;
    }
    *count = n;
    return n > 0 ? NVML_SUCCESS : NVML_ERROR_NOT_FOUND;
}

MAYBE_UNUSED static nvmlReturn_t get_samples(const call_ctx *c, int type, unsigned long long last_seen,
                                             nvmlValueType_t *value_type, unsigned *count, nvmlSample_t *samples)
{
    if (value_type == NULL || count == NULL || type < 0 || type >= NVML_SAMPLINGTYPE_COUNT) {
        return NVML_ERROR_INVALID_ARGUMENT;
    }
    if (type >= (int)(sizeof SOURCES / sizeof SOURCES[0])) return NVML_ERROR_NOT_SUPPORTED;
    const sample_source *src = &SOURCES[type];
    if (src->per_gpu_util && mig_enabled(c->dev)) return NVML_ERROR_NOT_SUPPORTED;
    unsigned ignored = 0;
    if (!sample_value(c->now, src, 0, &ignored)) return NVML_ERROR_NOT_SUPPORTED; /* the GPU has no such value */
    *value_type = NVML_VALUE_TYPE_UNSIGNED_INT;
    if (samples == NULL) {
        *count = SAMPLE_RING; /* nvml.h: "the number of samples that can be queried" */
        return NVML_SUCCESS;
    }
    if (*count == 0) return NVML_ERROR_INVALID_ARGUMENT;
    return fill_ring(c, src, last_seen, count, samples);
}

#ifndef WITHHOLD_nvmlDeviceGetSamples
EXPORT nvmlReturn_t nvmlDeviceGetSamples(nvmlDevice_t device, int type, unsigned long long lastSeenTimeStamp,
                                         nvmlValueType_t *sampleValType, unsigned int *sampleCount,
                                         nvmlSample_t *samples)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetSamples, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS) rc = get_samples(&c, type, lastSeenTimeStamp, sampleValType, sampleCount, samples);
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetViolationStatus
/* Power ... reliability (0..5) are modelled; the total-below-app/base-clock policies are not. */
EXPORT nvmlReturn_t nvmlDeviceGetViolationStatus(nvmlDevice_t device, int perfPolicyType, nvmlViolationTime_t *violTime)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetViolationStatus, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS && (violTime == NULL || perfPolicyType < 0 || perfPolicyType >= NVML_PERF_POLICY_COUNT)) {
        rc = NVML_ERROR_INVALID_ARGUMENT;
    }
    if (rc == NVML_SUCCESS && perfPolicyType >= VIOLATION_POLICY_COUNT) rc = NVML_ERROR_NOT_SUPPORTED;
    counter_id id = (counter_id)(CTR_VIOLATION_FIRST + (rc == NVML_SUCCESS ? perfPolicyType : 0));
    if (rc == NVML_SUCCESS && !counter_present(c.now, id)) rc = NVML_ERROR_NOT_SUPPORTED;
    if (rc == NVML_SUCCESS) {
        violTime->referenceTime = fake_now_us();
        violTime->violationTime = (unsigned long long)counter_at(c.now, c.frame, id, fake_scenario_seconds());
    }
    return call_end(rc);
}
#endif
