/*
 * The fake NVML's internals: the scenario model (what a scenario JSON file becomes at nvmlInit,
 * all in NVML's own units so a call only copies numbers), the call gate every exported function
 * goes through, and the loader's entry points.
 */
#ifndef FAKE_NVML_H
#define FAKE_NVML_H

#include <stdbool.h>
#include <stddef.h>

#include "nvml-abi.h"

/* Everything else is hidden (-fvisibility=hidden), so only NVML's names are exported. */
#define EXPORT __attribute__((visibility("default")))
/* A helper whose only caller a withheld-symbol variant may compile out. */
#define MAYBE_UNUSED __attribute__((unused))

typedef enum {
#define FAKE_SYMBOL(name) SYM_##name,
#include "symbols.def"
#undef FAKE_SYMBOL
    SYM_COUNT
} sym_id;

extern const char *const fake_symbol_names[SYM_COUNT];

enum {
    MAX_DEVICES = 64,
    MAX_MIG_DEVICES = 16,
    NAME_CAP = 96,    /* NVML_DEVICE_NAME_V2_BUFFER_SIZE */
    UUID_CAP = 96,    /* NVML_DEVICE_UUID_V2_BUFFER_SIZE */
    SERIAL_CAP = 30,  /* NVML_DEVICE_SERIAL_BUFFER_SIZE */
    VBIOS_CAP = 32,   /* NVML_DEVICE_VBIOS_VERSION_BUFFER_SIZE */
    VERSION_CAP = 80, /* NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE */
    DEFAULT_MAX_MIG_DEVICE_COUNT = 7,
    DEFAULT_SPIN_BELOW_US = 200 /* costSpinBelowUs when a scenario does not say */
};

/* A device's fixed values. A field the scenario leaves out makes its getter NOT_SUPPORTED. */
typedef enum {
    DF_PCI_DOMAIN, DF_PCI_BUS, DF_PCI_DEVICE, DF_PCI_DEVICE_ID, DF_PCI_SUBSYSTEM_ID,
    DF_ARCHITECTURE, DF_CC_MAJOR, DF_CC_MINOR,
    DF_MEMORY_TOTAL_BYTES, DF_MEMORY_RESERVED_BYTES,
    DF_POWER_LIMIT_ENFORCED_MW, DF_POWER_LIMIT_DEFAULT_MW,
    DF_MAX_CLOCK_GRAPHICS, DF_MAX_CLOCK_SM, DF_MAX_CLOCK_MEM, DF_MAX_CLOCK_VIDEO,
    DF_PCIE_MAX_GEN, DF_PCIE_MAX_WIDTH,
    DF_TEMP_SHUTDOWN, DF_TEMP_SLOWDOWN, DF_TEMP_MEM_MAX, DF_TEMP_GPU_MAX,
    DF_ECC_CURRENT, DF_ECC_PENDING,
    DF_ECC_CORRECTED_VOLATILE, DF_ECC_CORRECTED_AGGREGATE, DF_ECC_UNCORRECTED_VOLATILE, DF_ECC_UNCORRECTED_AGGREGATE,
    DF_COMPUTE_MODE, DF_PERSISTENCE_MODE, DF_DRIVER_MODEL_CURRENT, DF_DRIVER_MODEL_PENDING,
    DF_MIG_CURRENT, DF_MIG_PENDING, DF_MAX_MIG_DEVICE_COUNT,
    DF_POWER_LIMIT_MANAGEMENT_MW, DF_POWER_LIMIT_MIN_MW, DF_POWER_LIMIT_MAX_MW,
    DF_DISPLAY_MODE, DF_DISPLAY_ACTIVE, DF_BAR1_TOTAL_BYTES, DF_NVLINK_LINK_COUNT, DF_GPM_SUPPORTED,
    DF_COUNT
} device_field;

/* A device's values in one timeline frame. */
typedef enum {
    FF_MEMORY_USED_BYTES,
    FF_GPU_UTIL, FF_MEMORY_UTIL, FF_ENCODER_UTIL, FF_DECODER_UTIL,
    FF_TEMPERATURE, FF_FAN_SPEED, FF_POWER_MW, FF_ENERGY_MJ,
    FF_CLOCK_GRAPHICS, FF_CLOCK_SM, FF_CLOCK_MEM, FF_CLOCK_VIDEO,
    FF_PCIE_GEN, FF_PCIE_WIDTH, FF_PCIE_TX_KIBPS, FF_PCIE_RX_KIBPS,
    FF_PSTATE, FF_CLOCK_EVENT_REASONS,
    FF_BAR1_USED_BYTES, FF_POWER_INSTANT_MW, FF_POWER_AVERAGE_MW, FF_MEMORY_TEMPERATURE,
    FF_NVLINK_TX_KIBPS, FF_NVLINK_RX_KIBPS,
    /* counter values a frame may set (else they advance by themselves; see frame_counters) */
    FF_PCIE_TX_BYTES, FF_PCIE_RX_BYTES, FF_NVLINK_TX_KIB, FF_NVLINK_RX_KIB,
    /* share of the time held below requested clocks, per nvmlPerfPolicyType_t 0..5, in 1/1000 % */
    FF_VIOLATION_POWER, FF_VIOLATION_THERMAL, FF_VIOLATION_SYNC_BOOST, FF_VIOLATION_BOARD_LIMIT,
    FF_VIOLATION_LOW_UTILIZATION, FF_VIOLATION_RELIABILITY,
    /* GPM activity, in 1/1000 % */
    FF_GPM_GRAPHICS, FF_GPM_SM_ACTIVE, FF_GPM_SM_OCCUPANCY, FF_GPM_TENSOR, FF_GPM_DRAM,
    FF_GPM_FP64, FF_GPM_FP32, FF_GPM_FP16,
    FF_COUNT
} frame_field;

enum { VIOLATION_POLICY_COUNT = 6, GPM_ACTIVITY_COUNT = 8 };

/*
 * Quantities that accumulate over time: counter(t) = at_start + rate × (t − frame start), with t
 * in scenario seconds. Computed once at load so that every frame starts where the previous one
 * left off; a GPM metric is the average rate between two samples, Δcounter / Δt.
 */
typedef enum {
    CTR_PCIE_TX_BYTES, CTR_PCIE_RX_BYTES, /* bytes */
    CTR_NVLINK_TX_KIB, CTR_NVLINK_RX_KIB, /* KiB, all links */
    CTR_VIOLATION_FIRST,                  /* ns, one per nvmlPerfPolicyType_t 0..5 */
    CTR_GPM_FIRST = CTR_VIOLATION_FIRST + VIOLATION_POLICY_COUNT, /* % × s, one per GPM activity */
    CTR_COUNT = CTR_GPM_FIRST + GPM_ACTIVITY_COUNT
} counter_id;

typedef struct {
    double rate[CTR_COUNT];     /* per second */
    double at_start[CTR_COUNT]; /* the counter when the frame starts */
    unsigned long long present; /* a bit per counter that this frame supports */
} frame_counters;

/* nvmlDeviceGetSamples: an optional repeating pattern, one value per driver sampling tick. */
enum { SAMPLE_PATTERN_CAP = 64, SAMPLE_PATTERNS = 3 }; /* GPU util, memory util, power */
typedef struct {
    unsigned length; /* 0: every sample takes the frame's value */
    unsigned value[SAMPLE_PATTERN_CAP];
} sample_pattern;

/* A MIG device's values (its nvmlDeviceAttributes_t is built from these). */
typedef enum {
    MF_GPU_INSTANCE_ID, MF_COMPUTE_INSTANCE_ID, MF_SM_COUNT, MF_MEMORY_TOTAL_BYTES, MF_MEMORY_USED_BYTES,
    MF_SHARED_COPY_ENGINES, MF_SHARED_DECODERS, MF_SHARED_ENCODERS, MF_SHARED_JPEGS, MF_SHARED_OFAS,
    MF_GI_SLICES, MF_CI_SLICES, MF_BAR1_TOTAL_BYTES, MF_BAR1_USED_BYTES,
    MF_COUNT
} mig_field;

/* Fixed-size value sets with a bit per field saying whether the scenario gave it. */
typedef struct { unsigned long long value[DF_COUNT]; unsigned long long present; } device_values;
typedef struct { unsigned long long value[FF_COUNT]; unsigned long long present; } frame_values;
typedef struct { unsigned long long value[MF_COUNT]; unsigned long long present; } mig_values;

static inline bool field_present(unsigned long long present, int field)
{
    return (present >> field) & 1ULL;
}

/*
 * Per-function scenario rules: an injected return code, a delay (0 = none), and a cost
 * that every call spends (cost_set: given, so that a device's 0 overrides the system's default).
 */
typedef struct {
    nvmlReturn_t error[SYM_COUNT];
    unsigned hang_ms[SYM_COUNT];
    unsigned long long cost_ns[SYM_COUNT]; /* callCostUs, in ns so that 0.5 µs can be said */
    bool cost_set[SYM_COUNT];
} call_rules;

/* Per-field rules for nvmlDeviceGetFieldValues, indexed by NVML_FI_* id. */
enum { FIELD_ID_LIMIT = 512 };
typedef struct {
    nvmlReturn_t error[FIELD_ID_LIMIT];
    unsigned long long cost_ns[FIELD_ID_LIMIT];
    bool cost_set[FIELD_ID_LIMIT];
} field_rules;

typedef struct {
    char name[NAME_CAP];
    char uuid[UUID_CAP];
    mig_values values;
} fake_mig;

typedef struct {
    unsigned pid;
    bool compute, graphics;
    unsigned long long used_memory_bytes; /* NVML_ULL_NOT_AVAILABLE when unknown (WDDM) */
    unsigned gpu_instance_id, compute_instance_id;
    bool has_util;
    unsigned sm_util, mem_util, enc_util, dec_util;
} fake_process;

typedef struct {
    frame_values values;
    frame_counters counters;
    sample_pattern patterns[SAMPLE_PATTERNS];
    fake_process *processes;
    unsigned process_count;
} frame_device;

typedef struct {
    double at_seconds;
    frame_device *devices; /* one per scenario device */
} fake_frame;

typedef struct {
    char name[NAME_CAP];
    char uuid[UUID_CAP];
    char serial[SERIAL_CAP];
    char vbios[VBIOS_CAP];
    device_values values;
    fake_mig mig[MAX_MIG_DEVICES];
    unsigned mig_count;
    int lost_at_frame; /* -1: never */
    call_rules rules;
    field_rules fields;
} fake_device;

typedef struct {
    char driver_version[VERSION_CAP];
    char nvml_version[VERSION_CAP];
    bool has_cuda_version;
    int cuda_version;
    nvmlReturn_t init_error;
    call_rules rules;   /* system functions; callCostUs also the devices' default costs */
    field_rules fields; /* every device's default field costs */
    unsigned long long spin_below_ns; /* costSpinBelowUs: costs under it busy-wait, longer ones sleep */
    bool withheld[SYM_COUNT];
    bool process_info_v3; /* _v3 process functions write the 32-byte struct */
    fake_device *devices;
    unsigned device_count;
    fake_frame *frames;
    unsigned frame_count;
} scenario;

/* -- scenario loading (scenario*.c, timeline.c) ------------------------------------------- */

/* Loads and checks a scenario; on failure returns NULL with the reason in err. */
scenario *scenario_load(const char *path, char *err, size_t err_cap);
void scenario_free(scenario *sc);

/* -- return codes (errors.c) ---------------------------------------------------------------- */

const char *nvml_error_message(nvmlReturn_t code);
/* Parses "NO_PERMISSION", "ERROR_NO_PERMISSION" or "NVML_ERROR_NO_PERMISSION"; false if unknown. */
bool nvml_error_from_name(const char *name, nvmlReturn_t *code);

/* -- the call gate (state.c) ---------------------------------------------------------------- */

/* Which handles a device function takes, and what the others get. */
typedef enum {
    SCOPE_PHYSICAL,        /* a MIG handle gets NOT_SUPPORTED */
    SCOPE_PHYSICAL_STRICT, /* a MIG handle gets INVALID_ARGUMENT (MIG management calls) */
    SCOPE_MIG,             /* a physical handle gets INVALID_ARGUMENT */
    SCOPE_ANY
} handle_scope;

/* What a device function sees while the gate is held. */
typedef struct {
    const scenario *sc;
    const fake_device *dev;    /* the physical device (a MIG device's parent) */
    const fake_mig *mig;       /* NULL for a physical handle */
    const frame_device *now;   /* the device's values in the current frame */
    const fake_frame *frame;
    unsigned device_index;
} call_ctx;

/*
 * Every exported function but nvmlInit/nvmlShutdown/nvmlErrorString is
 *     rc = call_begin_...(...); if (rc == NVML_SUCCESS) rc = <work>; return call_end(rc);
 * call_begin_* take the state lock (always, also when they fail), wait out a scenario hang
 * without it, and check initialisation, the handle, a lost GPU and injected errors.
 */
nvmlReturn_t call_begin_system(sym_id sym, const scenario **sc);
nvmlReturn_t call_begin_device(sym_id sym, nvmlDevice_t handle, handle_scope scope, call_ctx *ctx);
nvmlReturn_t call_begin_index(sym_id sym, unsigned index, call_ctx *ctx);
/* The first device or MIG device (mig != NULL) that `match` accepts; NOT_FOUND if none. */
typedef bool (*device_match)(const fake_device *dev, const fake_mig *mig, const void *arg);
nvmlReturn_t call_begin_find(sym_id sym, device_match match, const void *arg, call_ctx *ctx, nvmlDevice_t *found);
/* Inside a call: spends `ns` more with the lock released, then checks the handle again. */
nvmlReturn_t call_spend_device(sym_id sym, nvmlDevice_t handle, handle_scope scope, unsigned long long ns,
                               call_ctx *ctx);
nvmlReturn_t call_end(nvmlReturn_t rc);

nvmlReturn_t fake_init(void);
nvmlReturn_t fake_shutdown(void);
/* Step mode: the k-th nvmlDeviceGetCount call selects frame k. Lock held. */
void fake_step_frame(void);
nvmlDevice_t fake_handle_for(unsigned device_index, int mig_index);
/* Seconds since nvmlInit; in step mode the current frame's atSeconds. Lock held. */
double fake_scenario_seconds(void);
/* The CPU timestamp (µs) of the newest process-utilisation samples. Lock held. */
unsigned long long fake_sample_timestamp_us(void);
/* CPU µs since 1970 at the fake's clock: nvmlInit's wall time + fake_scenario_seconds(). Lock held. */
unsigned long long fake_now_us(void);
unsigned long long fake_started_wall_us(void);

/* -- withheld symbols (withheld.c) ---------------------------------------------------------- */

/* True when the scenario's withheldSymbols are exactly the symbols this build lacks. */
bool withheld_symbols_match(const scenario *sc, const char *scenario_path);

/* -- shared helpers for the API files ------------------------------------------------------- */

/* Copies s into a caller buffer of length bytes; INSUFFICIENT_SIZE if it does not fit. */
nvmlReturn_t copy_string_out(char *dst, unsigned length, const char *s);

static inline bool mig_enabled(const fake_device *dev)
{
    return field_present(dev->values.present, DF_MIG_CURRENT) && dev->values.value[DF_MIG_CURRENT] != 0;
}

#endif
