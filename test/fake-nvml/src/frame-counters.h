/*
 * What accumulates between frames (frame-counters.c): the PCIe and NVLink byte counters, the
 * violation (throttle-time) counters and the GPM activity integrals, plus the sample patterns
 * of nvmlDeviceGetSamples.
 */
#ifndef FAKE_NVML_FRAME_COUNTERS_H
#define FAKE_NVML_FRAME_COUNTERS_H

#include "scenario-json.h"

/* Reads "gpuUtilSamplesPercent", "memoryUtilSamplesPercent" and "powerSamplesWatts". */
bool parse_sample_patterns(parse_ctx *p, const char *where, const cJSON *entry, frame_device *fd);

/* Sets fd's counter rates from its values, and where each counter starts (entry: this frame's JSON). */
void advance_counters(const frame_device *prev, double seconds_since_prev, const cJSON *entry, frame_device *fd);

/* A counter's value `seconds` (scenario time) into the scenario, `fd` being its frame's values. */
static inline double counter_at(const frame_device *fd, const fake_frame *frame, counter_id c, double seconds)
{
    return fd->counters.at_start[c] + fd->counters.rate[c] * (seconds - frame->at_seconds);
}

static inline bool counter_present(const frame_device *fd, counter_id c)
{
    return field_present(fd->counters.present, (int)c);
}

#endif
