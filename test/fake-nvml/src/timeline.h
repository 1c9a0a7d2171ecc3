/* Reading a scenario's timeline (timeline.c). */
#ifndef FAKE_NVML_TIMELINE_H
#define FAKE_NVML_TIMELINE_H

#include "scenario-json.h"

/* Reads "timeline" (may be NULL: one frame without dynamic values); needs sc->devices read. */
bool timeline_parse(parse_ctx *p, const cJSON *timeline, scenario *sc);
void timeline_free(scenario *sc);

#endif
