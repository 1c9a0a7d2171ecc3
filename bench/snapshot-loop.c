/*
 * The C baseline for `npm run bench:snapshot`: the same NVML calls gpuwise's NVML reader makes
 * for one steady-state snapshot (handles and static identity already cached, as in the reader),
 * on the same library, timed in a tight loop. Keep it in step with src/backends/nvml/reader.ts,
 * read-counters.ts, read-metrics.ts, read-samples.ts and read-processes.ts. The list is the
 * reader's of 2026-12-02 (201 calls for 8 GPUs, counted at the reader's call gate): one
 * nvmlDeviceGetFieldValues of 16 fields per GPU (PCIe and NVLink counters, energy, instant power,
 * six throttle-time counters, the four ECC totals) where it used to call GetPowerUsage,
 * GetTotalEnergyConsumption, GetPcieThroughput twice and GetTotalEccErrors four times;
 * nvmlDeviceGetSamples for three metrics. GPM is left out: in a
 * loop of back-to-back reads the reader skips it too (GPM_MIN_INTERVAL_MS).
 *
 * usage: snapshot-loop <libnvidia-ml.so.1> <iterations>   → prints "<microseconds per snapshot>"
 */
#define _POSIX_C_SOURCE 199309L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*fn0)(void);
typedef int (*fn_p)(void *);
typedef int (*fn_up)(unsigned, void *);
typedef int (*fn_pp)(void *, void *);
typedef int (*fn_pip)(void *, int, void *);
typedef int (*fn_ppp)(void *, void *, void *);
typedef int (*fn_piip)(void *, int, int, void *);
typedef int (*fn_pppull)(void *, void *, void *, unsigned long long);
typedef int (*fn_samples)(void *, int, unsigned long long, void *, void *, void *);

/* nvmlFieldValue_t: fieldId, scopeId, timestamp, latencyUsec, valueType, nvmlReturn, value. */
struct field_value {
    unsigned field_id, scope_id;
    long long timestamp, latency_usec;
    unsigned value_type, nvml_return;
    unsigned long long value;
};
enum { FIELD_COUNT = 16 };
static const unsigned FIELDS[FIELD_COUNT][2] = {
    {197, 0}, {198, 0}, {138, 0xffffffffu}, {139, 0xffffffffu}, {83, 0}, {186, 0},
    {74, 0}, {75, 0}, {76, 0}, {77, 0}, {78, 0}, {79, 0},
    {3, 0}, {4, 0}, {5, 0}, {6, 0},
};

static void *lib;

static void *sym(const char *name) {
    void *f = dlsym(lib, name);
    if (!f) {
        fprintf(stderr, "missing symbol %s\n", name);
        exit(2);
    }
    return f;
}

#define MAX_GPUS 64

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s <lib> <iterations>\n", argv[0]);
        return 2;
    }
    lib = dlopen(argv[1], RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "%s\n", dlerror());
        return 2;
    }
    long iterations = atol(argv[2]);

    fn0 init = (fn0)sym("nvmlInit_v2");
    fn_p count_fn = (fn_p)sym("nvmlDeviceGetCount_v2");
    fn_up handle_fn = (fn_up)sym("nvmlDeviceGetHandleByIndex_v2");
    fn_pip field_values = (fn_pip)sym("nvmlDeviceGetFieldValues");
    fn_pp memory_v2 = (fn_pp)sym("nvmlDeviceGetMemoryInfo_v2");
    fn_pp utilization = (fn_pp)sym("nvmlDeviceGetUtilizationRates");
    fn_ppp encoder = (fn_ppp)sym("nvmlDeviceGetEncoderUtilization");
    fn_ppp decoder = (fn_ppp)sym("nvmlDeviceGetDecoderUtilization");
    fn_pip temperature = (fn_pip)sym("nvmlDeviceGetTemperature");
    fn_pp fan = (fn_pp)sym("nvmlDeviceGetFanSpeed");
    fn_pp limit = (fn_pp)sym("nvmlDeviceGetEnforcedPowerLimit");
    fn_pip clock = (fn_pip)sym("nvmlDeviceGetClockInfo");
    fn_pp pstate = (fn_pp)sym("nvmlDeviceGetPerformanceState");
    fn_pp reasons = (fn_pp)sym("nvmlDeviceGetCurrentClocksEventReasons");
    fn_pp link_gen = (fn_pp)sym("nvmlDeviceGetCurrPcieLinkGeneration");
    fn_pp link_width = (fn_pp)sym("nvmlDeviceGetCurrPcieLinkWidth");
    fn_ppp ecc_mode = (fn_ppp)sym("nvmlDeviceGetEccMode");
    fn_piip ecc_errors = (fn_piip)sym("nvmlDeviceGetTotalEccErrors");
    fn_ppp mig_mode = (fn_ppp)sym("nvmlDeviceGetMigMode");
    fn_pp compute_mode = (fn_pp)sym("nvmlDeviceGetComputeMode");
    fn_pp persistence = (fn_pp)sym("nvmlDeviceGetPersistenceMode");
    fn_samples samples_fn = (fn_samples)sym("nvmlDeviceGetSamples");
    fn_ppp compute_procs = (fn_ppp)sym("nvmlDeviceGetComputeRunningProcesses_v3");
    fn_ppp graphics_procs = (fn_ppp)sym("nvmlDeviceGetGraphicsRunningProcesses_v3");
    fn_pppull proc_util = (fn_pppull)sym("nvmlDeviceGetProcessUtilization");

    if (init() != 0) {
        fprintf(stderr, "nvmlInit_v2 failed\n");
        return 2;
    }
    unsigned count = 0;
    count_fn(&count);
    if (count > MAX_GPUS) count = MAX_GPUS;
    void *handles[MAX_GPUS];
    for (unsigned i = 0; i < count; i++) handle_fn(i, &handles[i]);

    unsigned long long last_seen[MAX_GPUS] = {0};
    /* Newest sample seen per GPU and metric (power, GPU util, memory util), as the reader keeps. */
    unsigned long long sample_cursor[MAX_GPUS][3] = {{0}};
    static const int SAMPLE_TYPES[3] = {1, 2, 0};
    struct field_value fields[FIELD_COUNT];
    unsigned char memory[40], util[8], procs[4096 * 32], samples[4096 * 32], driver_samples[128 * 16];
    unsigned u, u2;
    int pstate_value;
    unsigned long long ull;
    volatile unsigned long long sink = 0;

    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long it = 0; it < iterations; it++) {
        count_fn(&count);
        for (unsigned i = 0; i < count; i++) {
            void *h = handles[i];
            memset(fields, 0, sizeof fields);
            for (int f = 0; f < FIELD_COUNT; f++) {
                fields[f].field_id = FIELDS[f][0];
                fields[f].scope_id = FIELDS[f][1];
            }
            field_values(h, FIELD_COUNT, fields);
            memset(memory, 0, sizeof memory);
            *(unsigned *)memory = 40u | (2u << 24);
            memory_v2(h, memory);
            utilization(h, util);
            encoder(h, &u, &u2);
            decoder(h, &u, &u2);
            temperature(h, 0, &u);
            fan(h, &u);
            limit(h, &u);
            clock(h, 0, &u);
            clock(h, 1, &u);
            clock(h, 2, &u);
            pstate(h, &pstate_value);
            reasons(h, &ull);
            link_gen(h, &u);
            link_width(h, &u);
            unsigned ecc_current = 0, ecc_pending = 0;
            /* The totals came in the batch; a driver without those fields gets these calls. */
            if (ecc_mode(h, &ecc_current, &ecc_pending) == 0 && ecc_current == 1 && fields[12].nvml_return != 0) {
                ecc_errors(h, 0, 0, &ull);
                ecc_errors(h, 1, 0, &ull);
                ecc_errors(h, 0, 1, &ull);
                ecc_errors(h, 1, 1, &ull);
            }
            mig_mode(h, &u, &u2);
            compute_mode(h, &u);
            persistence(h, &u);
            for (int t = 0; t < 3; t++) {
                unsigned value_type = 0, sample_count = 128;
                if (samples_fn(h, SAMPLE_TYPES[t], sample_cursor[i][t], &value_type, &sample_count, driver_samples) == 0) {
                    for (unsigned k = 0; k < sample_count && k < 128; k++) {
                        unsigned long long ts = *(unsigned long long *)(driver_samples + 16 * k);
                        if (ts > sample_cursor[i][t]) sample_cursor[i][t] = ts;
                    }
                }
            }
            unsigned n = sizeof procs / 32;
            int found = compute_procs(h, &n, procs) == 0 && n > 0;
            n = sizeof procs / 32;
            found |= graphics_procs(h, &n, procs) == 0 && n > 0;
            if (found) {
                unsigned s = sizeof samples / 32;
                if (proc_util(h, samples, &s, last_seen[i]) == 0 && s > 0) {
                    last_seen[i] = *(unsigned long long *)(samples + 8);
                }
            }
            sink += u;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double micros = (end.tv_sec - start.tv_sec) * 1e6 + (end.tv_nsec - start.tv_nsec) / 1e3;
    printf("%.3f\n", micros / (double)iterations);
    return sink == 0xdeadbeef;
}
