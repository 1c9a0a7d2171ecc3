/* Reading JSON values into the scenario model; see scenario-json.h. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "scenario-json.h"

bool parse_fail(parse_ctx *p, const char *where, const char *fmt, ...)
{
    if (p->err[0] != '\0') return false; /* keep the first error: later ones follow from it */
    int used = snprintf(p->err, p->err_cap, "%s: ", where);
    if (used < 0 || (size_t)used >= p->err_cap) return false;
    va_list args;
    va_start(args, fmt);
    vsnprintf(p->err + used, p->err_cap - (size_t)used, fmt, args);
    va_end(args);
    return false;
}

void where_key(char *out, size_t cap, const char *base, const char *key)
{
    snprintf(out, cap, "%s%s%s", base, base[0] ? "." : "", key);
}

void where_index(char *out, size_t cap, const char *base, const char *key, int index)
{
    snprintf(out, cap, "%s%s%s[%d]", base, base[0] && key[0] ? "." : "", key, index);
}

bool expect_object(parse_ctx *p, const char *where, const cJSON *item)
{
    return cJSON_IsObject(item) ? true : parse_fail(p, where, "expected an object");
}

bool expect_array(parse_ctx *p, const char *where, const cJSON *item)
{
    return cJSON_IsArray(item) ? true : parse_fail(p, where, "expected an array");
}

bool json_number(parse_ctx *p, const char *where, const cJSON *item, double *out)
{
    if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble)) return parse_fail(p, where, "expected a number");
    *out = item->valuedouble;
    return true;
}

bool json_uint(parse_ctx *p, const char *where, const cJSON *item, unsigned long long max, unsigned long long *out)
{
    double v = 0;
    if (!json_number(p, where, item, &v)) return false;
    if (v < 0 || v != floor(v)) return parse_fail(p, where, "expected a whole number >= 0, got %g", v);
    if (v > (double)JSON_INT_LIMIT) return parse_fail(p, where, "%g is too large for a JSON number; use a \"0x...\" string", v);
    if ((unsigned long long)v > max) return parse_fail(p, where, "%g is larger than %llu", v, max);
    *out = (unsigned long long)v;
    return true;
}

static bool json_scaled(parse_ctx *p, const char *where, const cJSON *item, const field_spec *spec,
                        unsigned long long *out)
{
    double v = 0;
    if (!json_number(p, where, item, &v)) return false;
    if (v < 0) return parse_fail(p, where, "expected a number >= 0, got %g", v);
    double scaled = round(v * spec->scale);
    if (scaled > (double)spec->max) return parse_fail(p, where, "%g is out of range", v);
    *out = (unsigned long long)scaled;
    return true;
}

static bool json_hex(parse_ctx *p, const char *where, const cJSON *item, unsigned long long max,
                     unsigned long long *out)
{
    if (!cJSON_IsString(item)) return json_uint(p, where, item, max, out);
    const char *s = item->valuestring;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 16);
    bool well_formed = strncasecmp(s, "0x", 2) == 0 && s[2] != '\0' && *end == '\0' && errno == 0;
    if (!well_formed) return parse_fail(p, where, "expected a number or a hex string like \"0x10DE\", got \"%s\"", s);
    if (v > max) return parse_fail(p, where, "%s is out of range", s);
    *out = v;
    return true;
}

static bool json_enum(parse_ctx *p, const char *where, const cJSON *item, const field_spec *spec,
                      unsigned long long *out)
{
    if (!cJSON_IsString(item)) return json_uint(p, where, item, spec->max, out);
    for (const enum_name *n = spec->names; n->name != NULL; n++) {
        if (strcasecmp(n->name, item->valuestring) == 0) {
            *out = n->value;
            return true;
        }
    }
    char known[256] = "";
    for (const enum_name *n = spec->names; n->name != NULL; n++) {
        size_t used = strlen(known);
        snprintf(known + used, sizeof known - used, "%s%s", used ? ", " : "", n->name);
    }
    return parse_fail(p, where, "unknown value \"%s\" (expected one of: %s)", item->valuestring, known);
}

static bool json_pstate(parse_ctx *p, const char *where, const cJSON *item, unsigned long long *out)
{
    if (!cJSON_IsString(item)) return json_uint(p, where, item, 32, out);
    const char *s = item->valuestring;
    char *end = NULL;
    unsigned long v = (s[0] == 'P' || s[0] == 'p') ? strtoul(s + 1, &end, 10) : 99;
    if (end == s + 1 || end == NULL || *end != '\0' || v > 15) return parse_fail(p, where, "expected \"P0\"..\"P15\", got \"%s\"", s);
    *out = v;
    return true;
}

static bool parse_value(parse_ctx *p, const char *where, const cJSON *item, const field_spec *spec,
                        unsigned long long *out)
{
    switch (spec->kind) {
    case KIND_UINT: return json_uint(p, where, item, spec->max, out);
    case KIND_SCALED: return json_scaled(p, where, item, spec, out);
    case KIND_HEX: return json_hex(p, where, item, spec->max, out);
    case KIND_ENUM: return json_enum(p, where, item, spec, out);
    case KIND_PSTATE: return json_pstate(p, where, item, out);
    case KIND_BOOL:
        if (!cJSON_IsBool(item)) return parse_fail(p, where, "expected true or false");
        *out = cJSON_IsTrue(item) ? 1 : 0;
        return true;
    }
    return parse_fail(p, where, "internal error: unknown value kind");
}

static const field_spec *find_spec(const field_spec *specs, size_t count, const char *key)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(specs[i].key, key) == 0) return &specs[i];
    }
    return NULL;
}

static bool is_other_key(const char *const *other_keys, const char *key)
{
    for (size_t i = 0; other_keys != NULL && other_keys[i] != NULL; i++) {
        if (strcmp(other_keys[i], key) == 0) return true;
    }
    return false;
}

bool parse_fields(parse_ctx *p, const char *where, const cJSON *obj, const field_spec *specs, size_t spec_count,
                  const char *const *other_keys, unsigned long long *values, unsigned long long *present)
{
    if (!expect_object(p, where, obj)) return false;
    for (const cJSON *item = obj->child; item != NULL; item = item->next) {
        char here[256];
        where_key(here, sizeof here, where, item->string);
        const field_spec *spec = find_spec(specs, spec_count, item->string);
        if (spec == NULL) {
            if (is_other_key(other_keys, item->string)) continue;
            return parse_fail(p, here, "unknown key (see test/fake-nvml/README.md for the scenario format)");
        }
        if (cJSON_IsNull(item)) {
            *present &= ~(1ULL << spec->field);
            continue;
        }
        if (!parse_value(p, here, item, spec, &values[spec->field])) return false;
        *present |= 1ULL << spec->field;
    }
    return true;
}

bool json_string_member(parse_ctx *p, const char *where, const cJSON *obj, const char *key, char *dst, size_t cap,
                        bool required)
{
    char here[256];
    where_key(here, sizeof here, where, key);
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (item == NULL) return required ? parse_fail(p, here, "is required") : true;
    if (!cJSON_IsString(item) || item->valuestring[0] == '\0') return parse_fail(p, here, "expected a non-empty string");
    if (strlen(item->valuestring) >= cap) return parse_fail(p, here, "longer than NVML's %zu-byte buffer", cap);
    strcpy(dst, item->valuestring);
    return true;
}
