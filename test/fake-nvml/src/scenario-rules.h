/* Reading per-function rules and withheld symbols from a scenario (scenario-rules.c). */
#ifndef FAKE_NVML_SCENARIO_RULES_H
#define FAKE_NVML_SCENARIO_RULES_H

#include "scenario-json.h"

typedef enum { RULES_SYSTEM, RULES_DEVICE } rules_owner;

/* Reads owner_obj's "unsupported", "errors", "hangMs" and "callCostUs" members into rules. */
bool parse_rules(parse_ctx *p, const char *where, const cJSON *owner_obj, rules_owner owner, call_rules *rules);

/* Reads "withheldSymbols" (may be NULL) into a flag per symbol. */
bool parse_withheld(parse_ctx *p, const cJSON *list, bool withheld[SYM_COUNT]);

#endif
