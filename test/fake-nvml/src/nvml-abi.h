/*
 * NVML's binary interface as the fake exports it: return codes, enum values and the structs the
 * caller's buffers hold, laid out exactly as nvml.h declares them (LP64: unsigned int = 4 bytes,
 * unsigned long long = 8 bytes aligned to 8). gpuwise's src/backends/nvml/layouts.ts mirrors this.
 */
#ifndef FAKE_NVML_ABI_H
#define FAKE_NVML_ABI_H

/* The real header declares nvmlReturn_t as an enum; an enum is passed as int, so int is the ABI. */
typedef int nvmlReturn_t;

/* An opaque handle: a pointer into the fake's handle table (state.c). */
typedef struct fake_handle *nvmlDevice_t;

enum {
    NVML_SUCCESS = 0,
    NVML_ERROR_UNINITIALIZED = 1,
    NVML_ERROR_INVALID_ARGUMENT = 2,
    NVML_ERROR_NOT_SUPPORTED = 3,
    NVML_ERROR_NO_PERMISSION = 4,
    NVML_ERROR_ALREADY_INITIALIZED = 5,
    NVML_ERROR_NOT_FOUND = 6,
    NVML_ERROR_INSUFFICIENT_SIZE = 7,
    NVML_ERROR_INSUFFICIENT_POWER = 8,
    NVML_ERROR_DRIVER_NOT_LOADED = 9,
    NVML_ERROR_TIMEOUT = 10,
    NVML_ERROR_IRQ_ISSUE = 11,
    NVML_ERROR_LIBRARY_NOT_FOUND = 12,
    NVML_ERROR_FUNCTION_NOT_FOUND = 13,
    NVML_ERROR_CORRUPTED_INFOROM = 14,
    NVML_ERROR_GPU_IS_LOST = 15,
    NVML_ERROR_RESET_REQUIRED = 16,
    NVML_ERROR_OPERATING_SYSTEM = 17,
    NVML_ERROR_LIB_RM_VERSION_MISMATCH = 18,
    NVML_ERROR_IN_USE = 19,
    NVML_ERROR_MEMORY = 20,
    NVML_ERROR_NO_DATA = 21,
    NVML_ERROR_VGPU_ECC_NOT_SUPPORTED = 22,
    NVML_ERROR_INSUFFICIENT_RESOURCES = 23,
    NVML_ERROR_FREQ_NOT_SUPPORTED = 24,
    NVML_ERROR_ARGUMENT_VERSION_MISMATCH = 25,
    NVML_ERROR_DEPRECATED = 26,
    NVML_ERROR_NOT_READY = 27,
    NVML_ERROR_GPU_NOT_FOUND = 28,
    NVML_ERROR_INVALID_STATE = 29,
    NVML_ERROR_RESET_TYPE_NOT_SUPPORTED = 30,
    NVML_ERROR_UNKNOWN = 999
};

/* Enumerations passed as arguments; the *_COUNT values bound what is a valid argument. */
enum { NVML_TEMPERATURE_GPU = 0, NVML_TEMPERATURE_COUNT = 1 };
enum {
    NVML_TEMPERATURE_THRESHOLD_SHUTDOWN = 0,
    NVML_TEMPERATURE_THRESHOLD_SLOWDOWN = 1,
    NVML_TEMPERATURE_THRESHOLD_MEM_MAX = 2,
    NVML_TEMPERATURE_THRESHOLD_GPU_MAX = 3,
    NVML_TEMPERATURE_THRESHOLD_COUNT = 8
};
enum { NVML_CLOCK_GRAPHICS = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2, NVML_CLOCK_VIDEO = 3, NVML_CLOCK_COUNT = 4 };
enum { NVML_PCIE_UTIL_TX_BYTES = 0, NVML_PCIE_UTIL_RX_BYTES = 1, NVML_PCIE_UTIL_COUNT = 2 };
enum { NVML_MEMORY_ERROR_TYPE_CORRECTED = 0, NVML_MEMORY_ERROR_TYPE_UNCORRECTED = 1, NVML_MEMORY_ERROR_TYPE_COUNT = 2 };
enum { NVML_VOLATILE_ECC = 0, NVML_AGGREGATE_ECC = 1, NVML_ECC_COUNTER_TYPE_COUNT = 2 };
enum { NVML_PROCESS_MODE_COMPUTE = 0, NVML_PROCESS_MODE_GRAPHICS = 1, NVML_PROCESS_MODE_MPS = 2, NVML_PROCESS_MODE_ALL = 3 };

/* NVML_VALUE_NOT_AVAILABLE as the unsigned types see it (usedGpuMemory under WDDM, MIG ids). */
#define NVML_ULL_NOT_AVAILABLE 0xFFFFFFFFFFFFFFFFULL
#define NVML_UINT_NOT_AVAILABLE 0xFFFFFFFFU

typedef struct {
    unsigned long long total, free, used;
} nvmlMemory_t;

typedef struct {
    unsigned int version;
    unsigned long long total, reserved, free, used;
} nvmlMemory_v2_t;

#define NVML_STRUCT_VERSION(type, ver) ((unsigned int)(sizeof(type) | ((unsigned int)(ver) << 24)))

typedef struct {
    unsigned int gpu, memory;
} nvmlUtilization_t;

/* What nvmlDeviceGetPciInfo_v2/_v3 fill (68 bytes). */
typedef struct {
    char busIdLegacy[16];
    unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
    char busId[32];
} nvmlPciInfo_t;

/* What the unversioned nvmlDeviceGetPciInfo fills: the 52-byte struct of NVML before 2.285's v2. */
typedef struct {
    char busId[16];
    unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
    unsigned int reserved[4];
} nvmlPciInfoV1_t;

/*
 * nvmlProcessDetail_v1_t, which is also the 32-byte "v3" process info of the R535 window. The v1
 * (16-byte) and v2 (24-byte) process infos are prefixes of it, so one record serves all three.
 */
typedef struct {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId, computeInstanceId;
    unsigned long long usedGpuCcProtectedMemory;
} nvmlProcessDetail_v1_t;

enum { PROCESS_INFO_V1_SIZE = 16, PROCESS_INFO_V2_SIZE = 24, PROCESS_INFO_V3_SIZE = 32 };

typedef struct {
    unsigned int version, mode, numProcArrayEntries;
    nvmlProcessDetail_v1_t *procArray;
} nvmlProcessDetailList_v1_t;

typedef struct {
    unsigned int multiprocessorCount, sharedCopyEngineCount, sharedDecoderCount, sharedEncoderCount;
    unsigned int sharedJpegCount, sharedOfaCount, gpuInstanceSliceCount, computeInstanceSliceCount;
    unsigned long long memorySizeMB;
} nvmlDeviceAttributes_t;

typedef struct {
    unsigned int pid;
    unsigned long long timeStamp;
    unsigned int smUtil, memUtil, encUtil, decUtil;
} nvmlProcessUtilizationSample_t;

typedef struct {
    unsigned long long protectedMemSizeKib, unprotectedMemSizeKib;
} nvmlConfComputeMemSizeInfo_t;

/* -- what pynvml-based tools (gpustat, nvitop) also call --------------------------------------- */

enum { NVML_INIT_FLAG_NO_GPUS = 1, NVML_INIT_FLAG_NO_ATTACH = 2 };
enum { NVML_FEATURE_DISABLED = 0, NVML_FEATURE_ENABLED = 1 }; /* nvmlEnableState_t */

typedef struct {
    unsigned long long bar1Total, bar1Free, bar1Used;
} nvmlBAR1Memory_t;

/* -- field values, samples, violation counters ------------------------------------------------ */

typedef enum {
    NVML_VALUE_TYPE_DOUBLE = 0,
    NVML_VALUE_TYPE_UNSIGNED_INT = 1,
    NVML_VALUE_TYPE_UNSIGNED_LONG = 2,
    NVML_VALUE_TYPE_UNSIGNED_LONG_LONG = 3,
    NVML_VALUE_TYPE_SIGNED_LONG_LONG = 4,
    NVML_VALUE_TYPE_SIGNED_INT = 5,
    NVML_VALUE_TYPE_UNSIGNED_SHORT = 6
} nvml_value_type;
typedef int nvmlValueType_t; /* an enum in nvml.h: passed and stored as int */

typedef union {
    double dVal;
    int siVal;
    unsigned int uiVal;
    unsigned long ulVal;
    unsigned long long ullVal;
    signed long long sllVal;
    unsigned short usVal;
} nvmlValue_t;

/* 40 bytes: fieldId 0, scopeId 4, timestamp 8, latencyUsec 16, valueType 24, nvmlReturn 28, value 32. */
typedef struct {
    unsigned int fieldId;
    unsigned int scopeId;
    long long timestamp;   /* CPU µs since 1970 */
    long long latencyUsec; /* how long the value took to update inside NVML */
    nvmlValueType_t valueType;
    nvmlReturn_t nvmlReturn;
    nvmlValue_t value;
} nvmlFieldValue_t;

/* nvmlSamplingType_t */
enum {
    NVML_TOTAL_POWER_SAMPLES = 0,
    NVML_GPU_UTILIZATION_SAMPLES = 1,
    NVML_MEMORY_UTILIZATION_SAMPLES = 2,
    NVML_ENC_UTILIZATION_SAMPLES = 3,
    NVML_DEC_UTILIZATION_SAMPLES = 4,
    NVML_PROCESSOR_CLK_SAMPLES = 5,
    NVML_MEMORY_CLK_SAMPLES = 6,
    NVML_MODULE_POWER_SAMPLES = 7,
    NVML_SAMPLINGTYPE_COUNT = 10 /* with JPG (8) and OFA (9) utilisation, which the fake does not model */
};

typedef struct {
    unsigned long long timeStamp; /* CPU µs */
    nvmlValue_t sampleValue;
} nvmlSample_t;

/* nvmlPerfPolicyType_t */
enum {
    NVML_PERF_POLICY_POWER = 0,
    NVML_PERF_POLICY_THERMAL = 1,
    NVML_PERF_POLICY_SYNC_BOOST = 2,
    NVML_PERF_POLICY_BOARD_LIMIT = 3,
    NVML_PERF_POLICY_LOW_UTILIZATION = 4,
    NVML_PERF_POLICY_RELIABILITY = 5,
    NVML_PERF_POLICY_TOTAL_APP_CLOCKS = 10,
    NVML_PERF_POLICY_TOTAL_BASE_CLOCKS = 11,
    NVML_PERF_POLICY_COUNT = 12
};

typedef struct {
    unsigned long long referenceTime; /* CPU µs */
    unsigned long long violationTime; /* ns */
} nvmlViolationTime_t;

/* -- GPM (Hopper and newer) ------------------------------------------------------------------- */

typedef struct fake_gpm_sample *nvmlGpmSample_t; /* opaque in nvml.h */

typedef struct {
    unsigned int metricId;
    nvmlReturn_t nvmlReturn;
    double value;
    struct {
        char *shortName;
        char *longName;
        char *unit;
    } metricInfo;
} nvmlGpmMetric_t; /* 40 bytes */

/*
 * nvml.h sizes metrics[] by NVML_GPM_METRIC_MAX, which grew across releases (98 in 12.560's
 * pynvml, more later); the fake touches only metrics[0 .. numMetrics), so any caller's size works.
 */
typedef struct {
    unsigned int version;
    unsigned int numMetrics;
    nvmlGpmSample_t sample1;
    nvmlGpmSample_t sample2;
    nvmlGpmMetric_t metrics[]; /* NVML_GPM_METRIC_MAX entries in nvml.h */
} nvmlGpmMetricsGet_t;

enum { NVML_GPM_METRICS_GET_VERSION = 1, NVML_GPM_SUPPORT_VERSION = 1 };

typedef struct {
    unsigned int version;
    unsigned int isSupportedDevice;
} nvmlGpmSupport_t;

#endif
