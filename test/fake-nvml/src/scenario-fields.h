/* Reading per-field rules from a scenario (scenario-fields.c). */
#ifndef FAKE_NVML_SCENARIO_FIELDS_H
#define FAKE_NVML_SCENARIO_FIELDS_H

#include "scenario-json.h"

/* Reads "unsupportedFields", "fieldErrors" and "fieldCostUs"; costs_only: only the last (system). */
bool parse_field_rules(parse_ctx *p, const char *where, const cJSON *owner_obj, bool costs_only, field_rules *rules);

#endif
