/*
 * Table-driven reading of scenario JSON into the model's value arrays, with error messages that
 * name the place in the file ("devices[1].timeline[3]: ...") so a bad scenario is easy to fix.
 */
#ifndef FAKE_NVML_SCENARIO_JSON_H
#define FAKE_NVML_SCENARIO_JSON_H

#include <cjson/cJSON.h>

#include "fakenvml.h"

/* Where the first error's message goes. */
typedef struct {
    char *err;
    size_t err_cap;
} parse_ctx;

typedef enum {
    KIND_UINT,   /* a non-negative integer */
    KIND_SCALED, /* a non-negative number times `scale`, rounded (MiB -> bytes, W -> mW) */
    KIND_BOOL,   /* true / false -> 1 / 0 */
    KIND_HEX,    /* an integer or a "0x..." string (64-bit masks do not fit a JSON number) */
    KIND_ENUM,   /* one of `names` (any case) or its number */
    KIND_PSTATE  /* "P0".."P15" or the number */
} value_kind;

typedef struct {
    const char *name;
    unsigned long long value;
} enum_name;

typedef struct {
    const char *key;
    int field;
    value_kind kind;
    double scale;
    unsigned long long max;
    const enum_name *names; /* KIND_ENUM: terminated by a NULL name */
} field_spec;

#define UINT32_LIMIT 0xFFFFFFFFULL
#define UINT64_LIMIT 0xFFFFFFFFFFFFFFFFULL
/* The largest integer a JSON number (a double) carries exactly. */
#define JSON_INT_LIMIT 9007199254740992ULL
#define MIB 1048576.0

bool parse_fail(parse_ctx *p, const char *where, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Writes "base.key" / "base[i]" style locations for messages. */
void where_key(char *out, size_t cap, const char *base, const char *key);
void where_index(char *out, size_t cap, const char *base, const char *key, int index);

/*
 * Reads every member of obj that `specs` describes into values/present. A JSON null clears the
 * field (a value that stops being reported). Members named in `other_keys` (NULL-terminated) are
 * the caller's; any other member is an error, so a misspelt key cannot pass silently.
 */
bool parse_fields(parse_ctx *p, const char *where, const cJSON *obj, const field_spec *specs, size_t spec_count,
                  const char *const *other_keys, unsigned long long *values, unsigned long long *present);

bool json_uint(parse_ctx *p, const char *where, const cJSON *item, unsigned long long max, unsigned long long *out);
bool json_number(parse_ctx *p, const char *where, const cJSON *item, double *out);

/* Copies obj[key] into dst; a missing key is an error only when required. */
bool json_string_member(parse_ctx *p, const char *where, const cJSON *obj, const char *key, char *dst, size_t cap,
                        bool required);

bool expect_object(parse_ctx *p, const char *where, const cJSON *item);
bool expect_array(parse_ctx *p, const char *where, const cJSON *item);

#endif
