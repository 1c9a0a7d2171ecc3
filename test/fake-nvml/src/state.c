/*
 * The fake's state and the gate every call goes through. One mutex guards it: calls are short
 * (they copy a few pre-parsed numbers), so a single lock costs little and makes concurrent
 * callers (koffi's async calls run on worker threads) safe. A scenario hang sleeps without the
 * lock, so a hung device does not block calls on the others.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "fakenvml.h"
#include "scenario-id.h"

enum {
    HANDLE_SLOTS = 1 + MAX_MIG_DEVICES, /* a physical device, then its MIG devices */
    SAMPLE_PERIOD_US = 166667,          /* drivers sample process utilisation about 6 times a second */
    ERROR_TEXT_CAP = 1024
};

/* Handles are addresses in this table, so a stale or foreign pointer is recognised, not used. */
struct fake_handle {
    char unused;
};
static struct fake_handle g_handles[MAX_DEVICES * HANDLE_SLOTS];

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

static struct {
    scenario *sc; /* NULL while not initialised */
    scenario_id loaded;
    unsigned refcount;
    struct timespec started; /* CLOCK_MONOTONIC at nvmlInit */
    unsigned long long started_wall_us;
    bool step_mode;
    unsigned step_calls;
    unsigned frame;
} g;

nvmlDevice_t fake_handle_for(unsigned device_index, int mig_index)
{
    return &g_handles[device_index * HANDLE_SLOTS + (unsigned)(mig_index + 1)];
}

static bool handle_decode(nvmlDevice_t handle, unsigned *device_index, int *mig_index)
{
    uintptr_t base = (uintptr_t)g_handles, at = (uintptr_t)handle;
    if (at < base || at >= base + sizeof g_handles || (at - base) % sizeof g_handles[0] != 0) return false;
    size_t slot = (at - base) / sizeof g_handles[0];
    *device_index = (unsigned)(slot / HANDLE_SLOTS);
    *mig_index = (int)(slot % HANDLE_SLOTS) - 1;
    return true;
}

static double elapsed_seconds(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - g.started.tv_sec) + (double)(now.tv_nsec - g.started.tv_nsec) / 1e9;
}

/* Time mode: the current frame is the last one whose atSeconds has passed. */
static void update_frame(void)
{
    if (g.step_mode || g.frame + 1 >= g.sc->frame_count) return;
    double t = elapsed_seconds();
    while (g.frame + 1 < g.sc->frame_count && g.sc->frames[g.frame + 1].at_seconds <= t) g.frame++;
}

double fake_scenario_seconds(void)
{
    return g.step_mode ? g.sc->frames[g.frame].at_seconds : elapsed_seconds();
}

unsigned long long fake_sample_timestamp_us(void)
{
    if (g.step_mode) return g.started_wall_us + (unsigned long long)(g.sc->frames[g.frame].at_seconds * 1e6);
    unsigned long long elapsed_us = (unsigned long long)(elapsed_seconds() * 1e6);
    return g.started_wall_us + elapsed_us / SAMPLE_PERIOD_US * SAMPLE_PERIOD_US;
}

void fake_step_frame(void)
{
    if (!g.step_mode) return;
    g.frame = g.step_calls < g.sc->frame_count ? g.step_calls : g.sc->frame_count - 1;
    if (g.step_calls < g.sc->frame_count) g.step_calls++;
}

unsigned long long fake_now_us(void)
{
    return g.started_wall_us + (unsigned long long)(fake_scenario_seconds() * 1e6);
}

unsigned long long fake_started_wall_us(void)
{
    return g.started_wall_us;
}

static unsigned long long monotonic_ns(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (unsigned long long)now.tv_sec * 1000000000ULL + (unsigned long long)now.tv_nsec;
}

/*
 * Spends a modelled call cost. Costs under `spin_below_ns` busy-wait: CPU time, as a driver
 * thread polling the GSP for its answer spends it (and a sleep's own wake-up latency, timer
 * slack ~50 µs by default, would turn a 3 µs call into a 60 µs one). Longer ones sleep
 * (clock_nanosleep to an absolute deadline: the thread uses no CPU, as when the driver waits out
 * nvmlDeviceGetPcieThroughput's 20 ms window). The limit is the scenario's costSpinBelowUs,
 * default 200 µs; hangs always sleep. The sleeping thread's timer slack is set to 1 ns first:
 * with the default, a 200 µs call took ~267 µs on the development VM (7 µs over with 1 ns).
 */
static void spend_ns(unsigned long long ns, unsigned long long spin_below_ns)
{
    if (ns == 0) return;
    unsigned long long deadline = monotonic_ns() + ns;
    if (ns < spin_below_ns) {
        while (monotonic_ns() < deadline) {
        }
        return;
    }
#ifdef __linux__
    static __thread int slack_set;
    if (!slack_set) {
        prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
        slack_set = 1;
    }
#endif
    struct timespec at = { (time_t)(deadline / 1000000000ULL), (long)(deadline % 1000000000ULL) };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL) == EINTR) {
    }
}

/* Waits out a hang, then spends a cost, with the lock released (a slow GPU must not block the others). */
static void wait_unlocked(unsigned hang_ms, unsigned long long cost_ns)
{
    unsigned long long spin_below_ns = g.sc->spin_below_ns; /* read under the lock: shutdown may free it */
    pthread_mutex_unlock(&g_lock);
    spend_ns((unsigned long long)hang_ms * 1000000ULL, 0);
    spend_ns(cost_ns, spin_below_ns);
    pthread_mutex_lock(&g_lock);
}

static unsigned long long device_cost_ns(const fake_device *dev, sym_id sym)
{
    return dev->rules.cost_set[sym] ? dev->rules.cost_ns[sym] : g.sc->rules.cost_ns[sym];
}

nvmlReturn_t call_end(nvmlReturn_t rc)
{
    pthread_mutex_unlock(&g_lock);
    return rc;
}

nvmlReturn_t call_begin_system(sym_id sym, const scenario **sc)
{
    pthread_mutex_lock(&g_lock);
    if (g.sc == NULL) return NVML_ERROR_UNINITIALIZED;
    if (g.sc->rules.hang_ms[sym] != 0 || g.sc->rules.cost_ns[sym] != 0) {
        wait_unlocked(g.sc->rules.hang_ms[sym], g.sc->rules.cost_ns[sym]);
        if (g.sc == NULL) return NVML_ERROR_UNINITIALIZED; /* shut down while we slept */
    }
    update_frame();
    *sc = g.sc;
    return g.sc->rules.error[sym];
}

static nvmlReturn_t resolve(nvmlDevice_t handle, call_ctx *ctx)
{
    unsigned device_index;
    int mig_index;
    if (g.sc == NULL) return NVML_ERROR_UNINITIALIZED;
    if (!handle_decode(handle, &device_index, &mig_index) || device_index >= g.sc->device_count) {
        return NVML_ERROR_INVALID_ARGUMENT;
    }
    const fake_device *dev = &g.sc->devices[device_index];
    if (mig_index >= (int)dev->mig_count) return NVML_ERROR_INVALID_ARGUMENT;
    ctx->sc = g.sc;
    ctx->dev = dev;
    ctx->mig = mig_index >= 0 ? &dev->mig[mig_index] : NULL;
    ctx->device_index = device_index;
    return NVML_SUCCESS;
}

static nvmlReturn_t admit(sym_id sym, handle_scope scope, call_ctx *ctx)
{
    update_frame();
    ctx->frame = &g.sc->frames[g.frame];
    ctx->now = &ctx->frame->devices[ctx->device_index];
    if (ctx->dev->lost_at_frame >= 0 && g.frame >= (unsigned)ctx->dev->lost_at_frame) return NVML_ERROR_GPU_IS_LOST;
    if (ctx->mig != NULL) {
        if (scope == SCOPE_PHYSICAL) return NVML_ERROR_NOT_SUPPORTED;
        return scope == SCOPE_PHYSICAL_STRICT ? NVML_ERROR_INVALID_ARGUMENT : NVML_SUCCESS;
    }
    if (scope == SCOPE_MIG) return NVML_ERROR_INVALID_ARGUMENT;
    return ctx->dev->rules.error[sym];
}

/* With the lock held and the handle resolved: wait out a hang and the cost, then admit the call. */
static nvmlReturn_t begin_resolved(sym_id sym, nvmlDevice_t handle, handle_scope scope, unsigned long long extra_ns,
                                   call_ctx *ctx)
{
    unsigned hang_ms = ctx->dev->rules.hang_ms[sym];
    unsigned long long cost_ns = device_cost_ns(ctx->dev, sym) + extra_ns;
    if (hang_ms != 0 || cost_ns != 0) {
        wait_unlocked(hang_ms, cost_ns);
        nvmlReturn_t rc = resolve(handle, ctx); /* the scenario may have changed while we slept */
        if (rc != NVML_SUCCESS) return rc;
    }
    return admit(sym, scope, ctx);
}

nvmlReturn_t call_spend_device(sym_id sym, nvmlDevice_t handle, handle_scope scope, unsigned long long ns,
                               call_ctx *ctx)
{
    if (ns == 0) return NVML_SUCCESS;
    wait_unlocked(0, ns);
    nvmlReturn_t rc = resolve(handle, ctx);
    return rc != NVML_SUCCESS ? rc : admit(sym, scope, ctx);
}

nvmlReturn_t call_begin_device(sym_id sym, nvmlDevice_t handle, handle_scope scope, call_ctx *ctx)
{
    pthread_mutex_lock(&g_lock);
    nvmlReturn_t rc = resolve(handle, ctx);
    return rc != NVML_SUCCESS ? rc : begin_resolved(sym, handle, scope, 0, ctx);
}

nvmlReturn_t call_begin_index(sym_id sym, unsigned index, call_ctx *ctx)
{
    pthread_mutex_lock(&g_lock);
    if (g.sc == NULL) return NVML_ERROR_UNINITIALIZED;
    if (index >= g.sc->device_count) return NVML_ERROR_INVALID_ARGUMENT;
    nvmlDevice_t handle = fake_handle_for(index, -1);
    nvmlReturn_t rc = resolve(handle, ctx);
    return rc != NVML_SUCCESS ? rc : begin_resolved(sym, handle, SCOPE_PHYSICAL, 0, ctx);
}

nvmlReturn_t call_begin_find(sym_id sym, device_match match, const void *arg, call_ctx *ctx, nvmlDevice_t *found)
{
    pthread_mutex_lock(&g_lock);
    if (g.sc == NULL) return NVML_ERROR_UNINITIALIZED;
    for (unsigned d = 0; d < g.sc->device_count; d++) {
        const fake_device *dev = &g.sc->devices[d];
        for (int m = -1; m < (int)dev->mig_count; m++) {
            if (!match(dev, m >= 0 ? &dev->mig[m] : NULL, arg)) continue;
            *found = fake_handle_for(d, m);
            nvmlReturn_t rc = resolve(*found, ctx);
            return rc != NVML_SUCCESS ? rc : begin_resolved(sym, *found, SCOPE_ANY, 0, ctx);
        }
    }
    return NVML_ERROR_NOT_FOUND;
}

/* Frees the scenario playing (the lock held; calls sleeping in a hang re-resolve when they wake). */
static void unload(void)
{
    scenario_free(g.sc);
    g.sc = NULL;
    free(g.loaded.path);
    g.loaded.path = NULL;
}

/*
 * Loads the named scenario and starts its clock, in place of any playing one. On failure the
 * scenario playing (if any) is left as it was.
 */
static nvmlReturn_t start(const scenario_id *named)
{
    if (named->path == NULL) {
        fprintf(stderr, "fake-nvml: FAKE_NVML_SCENARIO is not set; point it at a scenario JSON file "
                        "(see test/fake-nvml/README.md)\n");
        return NVML_ERROR_UNKNOWN;
    }
    const char *path = named->path;
    char err[ERROR_TEXT_CAP];
    scenario *sc = scenario_load(path, err, sizeof err);
    if (sc == NULL) {
        fprintf(stderr, "fake-nvml: %s: %s\n", path, err);
        return NVML_ERROR_UNKNOWN;
    }
    if (!withheld_symbols_match(sc, path)) {
        scenario_free(sc);
        return NVML_ERROR_UNKNOWN;
    }
    if (sc->init_error != NVML_SUCCESS) {
        nvmlReturn_t rc = sc->init_error; /* an imitated broken driver: NVML stays uninitialised */
        scenario_free(sc);
        return rc;
    }
    char *copy = strdup(path);
    if (copy == NULL) {
        scenario_free(sc);
        return NVML_ERROR_MEMORY;
    }
    unload();
    struct timespec wall;
    clock_gettime(CLOCK_MONOTONIC, &g.started);
    clock_gettime(CLOCK_REALTIME, &wall);
    g.started_wall_us = (unsigned long long)wall.tv_sec * 1000000ULL + (unsigned long long)wall.tv_nsec / 1000ULL;
    g.sc = sc;
    g.loaded = *named;
    g.loaded.path = copy;
    g.step_mode = named->step_mode;
    g.step_calls = 0;
    g.frame = 0;
    return NVML_SUCCESS;
}

/*
 * NVML counts nvmlInit calls and shuts down at the last nvmlShutdown. A session can end without
 * its shutdown, though: gpuwise closing a session whose read is still in the driver leaves NVML
 * initialised on purpose (nvmlShutdown must not run under a call; an NVML worker thread is then
 * ended as it is). Counting alone, the next session's nvmlInit would only add one, and the fake
 * would go on playing the previous scenario for the rest of the process. So an nvmlInit whose
 * environment names another scenario (another file, the same file rewritten, another step mode)
 * loads that one, fresh, in place of the one playing; the count goes on (the holders left still
 * shut down one by one). A call asleep in a hang meanwhile re-resolves its handle when it wakes
 * (begin_resolved), as after a full shutdown: it answers from the new scenario or with an error.
 */
nvmlReturn_t fake_init(void)
{
    pthread_mutex_lock(&g_lock);
    scenario_id named = scenario_id_named();
    nvmlReturn_t rc = NVML_SUCCESS;
    if (g.refcount > 0 && scenario_id_same(&named, &g.loaded)) {
        g.refcount++;
    } else {
        rc = start(&named);
        if (rc == NVML_SUCCESS) g.refcount++;
    }
    pthread_mutex_unlock(&g_lock);
    return rc;
}

nvmlReturn_t fake_shutdown(void)
{
    pthread_mutex_lock(&g_lock);
    nvmlReturn_t rc = NVML_SUCCESS;
    if (g.refcount == 0) rc = NVML_ERROR_UNINITIALIZED;
    else if (--g.refcount == 0) unload();
    pthread_mutex_unlock(&g_lock);
    return rc;
}
