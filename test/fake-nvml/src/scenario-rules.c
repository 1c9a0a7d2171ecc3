/*
 * Per-function scenario rules ("errors", "hangMs", "unsupported", "callCostUs") and "withheldSymbols".
 *
 * A rule key names NVML functions: "nvmlFoo_v2" that symbol only, "nvmlFoo_v1" the unversioned
 * nvmlFoo only, and "nvmlFoo" the whole group (nvmlFoo, nvmlFoo_v2, nvmlFoo_v3 ...), because a
 * test usually means "the compute-process query", whichever version the reader picked. Group
 * keys apply first, so a versioned key can override its group.
 */
#include <ctype.h>
#include <string.h>

#include "scenario-json.h"
#include "scenario-rules.h"

const char *const fake_symbol_names[SYM_COUNT] = {
#define FAKE_SYMBOL(name) #name,
#include "symbols.def"
#undef FAKE_SYMBOL
};

enum { MAX_HANG_MS = 600000 };
#define MAX_COST_US 10000000.0

/* Length of name without a trailing "_v<digits>". */
static size_t base_length(const char *name)
{
    size_t len = strlen(name);
    size_t i = len;
    while (i > 0 && isdigit((unsigned char)name[i - 1])) i--;
    if (i < len && i >= 2 && name[i - 1] == 'v' && name[i - 2] == '_') return i - 2;
    return len;
}

static bool is_versioned_key(const char *key)
{
    return base_length(key) != strlen(key);
}

/* Marks the symbols `key` names; false if it names none. */
static bool symbols_for_key(const char *key, bool hits[SYM_COUNT])
{
    bool any = false;
    size_t key_base = base_length(key);
    bool plain_v1 = is_versioned_key(key) && strcmp(key + key_base, "_v1") == 0;
    for (int s = 0; s < SYM_COUNT; s++) {
        const char *name = fake_symbol_names[s];
        bool hit;
        if (plain_v1) hit = strlen(name) == key_base && strncmp(name, key, key_base) == 0;
        else if (is_versioned_key(key)) hit = strcmp(name, key) == 0;
        else hit = base_length(name) == strlen(key) && strncmp(name, key, strlen(key)) == 0;
        hits[s] = hit;
        any = any || hit;
    }
    return any;
}

/* System functions take no device: versions, the device count, GPM sample buffers and metrics. */
static bool is_system_call(int s)
{
    const char *name = fake_symbol_names[s];
    return strncmp(name, "nvmlSystem", 10) == 0 || strncmp(name, "nvmlDeviceGetCount", 18) == 0 ||
           strcmp(name, "nvmlGpmSampleAlloc") == 0 || strcmp(name, "nvmlGpmSampleFree") == 0 ||
           strcmp(name, "nvmlGpmMetricsGet") == 0;
}

static bool is_device_call(int s)
{
    const char *name = fake_symbol_names[s];
    return (strncmp(name, "nvmlDevice", 10) == 0 || strncmp(name, "nvmlGpm", 7) == 0) && !is_system_call(s);
}

typedef enum { RULE_UNSUPPORTED, RULE_ERROR, RULE_HANG, RULE_COST } rule_kind;

static bool apply_rule(parse_ctx *p, const char *where, const cJSON *item, const char *key, rule_kind kind,
                       rules_owner owner, call_rules *rules)
{
    bool hits[SYM_COUNT];
    if (!symbols_for_key(key, hits)) return parse_fail(p, where, "\"%s\" is not a function the fake NVML exports", key);
    nvmlReturn_t code = NVML_ERROR_NOT_SUPPORTED;
    unsigned long long hang = 0;
    if (kind == RULE_ERROR && cJSON_IsString(item) && !nvml_error_from_name(item->valuestring, &code)) {
        return parse_fail(p, where, "unknown NVML return code \"%s\"", item->valuestring);
    }
    if (kind == RULE_ERROR && !cJSON_IsString(item)) {
        unsigned long long number;
        if (!json_uint(p, where, item, 999, &number)) return false;
        code = (nvmlReturn_t)number;
    }
    if (kind == RULE_ERROR && code == NVML_SUCCESS) return parse_fail(p, where, "an injected error cannot be SUCCESS");
    if (kind == RULE_HANG && !json_uint(p, where, item, MAX_HANG_MS, &hang)) return false;
    double cost_us = 0;
    if (kind == RULE_COST && !json_number(p, where, item, &cost_us)) return false;
    if (kind == RULE_COST && (cost_us < 0 || cost_us > MAX_COST_US)) {
        return parse_fail(p, where, "expected 0 to 10000000 µs (fractions allowed), got %g", cost_us);
    }
    for (int s = 0; s < SYM_COUNT; s++) {
        if (!hits[s]) continue;
        /* Under "system", callCostUs may name device functions too: every device's default cost. */
        bool fits = owner == RULES_SYSTEM ? is_system_call(s) || (kind == RULE_COST && is_device_call(s))
                                          : is_device_call(s);
        if (kind == RULE_COST && fits) {
            rules->cost_ns[s] = (unsigned long long)(cost_us * 1000.0 + 0.5);
            rules->cost_set[s] = true;
            continue;
        }
        if (!fits) {
            return parse_fail(p, where, "%s is not a %s function; put its rule under %s", fake_symbol_names[s],
                              owner == RULES_SYSTEM ? "system" : "device",
                              owner == RULES_SYSTEM ? "a device" : "\"system\"");
        }
        if (kind == RULE_HANG) rules->hang_ms[s] = (unsigned)hang;
        else rules->error[s] = code;
    }
    return true;
}

/* Applies the group keys (versioned == false) or the versioned keys of one rule member. */
static bool apply_member(parse_ctx *p, const char *where, const cJSON *member, rule_kind kind, rules_owner owner,
                         bool versioned, call_rules *rules)
{
    const cJSON *item;
    cJSON_ArrayForEach(item, member) {
        const char *key = kind == RULE_UNSUPPORTED ? (cJSON_IsString(item) ? item->valuestring : NULL) : item->string;
        char here[256];
        where_key(here, sizeof here, where, key ? key : "?");
        if (key == NULL) return parse_fail(p, where, "expected an array of NVML function names");
        if (is_versioned_key(key) != versioned) continue;
        if (!apply_rule(p, here, item, key, kind, owner, rules)) return false;
    }
    return true;
}

bool parse_rules(parse_ctx *p, const char *where, const cJSON *owner_obj, rules_owner owner, call_rules *rules)
{
    static const struct { const char *key; rule_kind kind; } MEMBERS[] = {
        { "unsupported", RULE_UNSUPPORTED }, { "errors", RULE_ERROR }, { "hangMs", RULE_HANG },
        { "callCostUs", RULE_COST },
    };
    for (int pass = 0; pass < 2; pass++) {
        for (size_t m = 0; m < sizeof MEMBERS / sizeof MEMBERS[0]; m++) {
            const cJSON *member = cJSON_GetObjectItemCaseSensitive(owner_obj, MEMBERS[m].key);
            if (member == NULL) continue;
            char here[256];
            where_key(here, sizeof here, where, MEMBERS[m].key);
            bool shape_ok = MEMBERS[m].kind == RULE_UNSUPPORTED ? expect_array(p, here, member)
                                                                : expect_object(p, here, member);
            if (!shape_ok) return false;
            if (!apply_member(p, here, member, MEMBERS[m].kind, owner, pass == 1, rules)) return false;
        }
    }
    return true;
}

bool parse_withheld(parse_ctx *p, const cJSON *list, bool withheld[SYM_COUNT])
{
    if (list == NULL) return true;
    if (!expect_array(p, "withheldSymbols", list)) return false;
    const cJSON *item;
    int index = 0;
    cJSON_ArrayForEach(item, list) {
        char here[64];
        where_index(here, sizeof here, "withheldSymbols", "", index++);
        if (!cJSON_IsString(item)) return parse_fail(p, here, "expected a symbol name");
        int found = -1;
        for (int s = 0; s < SYM_COUNT && found < 0; s++) {
            if (strcmp(fake_symbol_names[s], item->valuestring) == 0) found = s;
        }
        if (found < 0) return parse_fail(p, here, "\"%s\" is not a symbol the fake NVML exports", item->valuestring);
        withheld[found] = true;
    }
    return true;
}
