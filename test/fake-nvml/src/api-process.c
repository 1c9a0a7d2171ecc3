/*
 * Process lists and per-process utilisation samples, with NVML's buffer protocol: a count that
 * is too small gets INSUFFICIENT_SIZE and the count needed.
 *
 * The process-info struct differs by symbol: the plain functions write 16-byte records, _v2 24,
 * and _v3 24 or, in the R535 window, 32 (scenario "processInfoStruct": "v3"). A reader that
 * guesses the stride wrong reads garbled PIDs, which is exactly what these tests must catch, so
 * the fake writes exactly count × stride bytes and nothing past them.
 */
#include <string.h>

#include "api-common.h"

typedef enum { LIST_COMPUTE, LIST_GRAPHICS, LIST_MPS, LIST_ALL } process_list; /* = nvmlProcessMode_t */

static bool listed(const call_ctx *c, const fake_process *p, process_list list)
{
    bool kind = list == LIST_ALL || (list == LIST_COMPUTE && p->compute) || (list == LIST_GRAPHICS && p->graphics);
    if (!kind) return false; /* MPS clients are not modelled */
    if (c->mig == NULL) return true; /* a GPU handle sees every process, MIG or not */
    return p->gpu_instance_id == c->mig->values.value[MF_GPU_INSTANCE_ID] &&
           p->compute_instance_id == c->mig->values.value[MF_COMPUTE_INSTANCE_ID];
}

static unsigned count_listed(const call_ctx *c, process_list list)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->now->process_count; i++) n += listed(c, &c->now->processes[i], list);
    return n;
}

static void write_listed(const call_ctx *c, process_list list, unsigned char *out, size_t stride)
{
    for (unsigned i = 0; i < c->now->process_count; i++) {
        const fake_process *p = &c->now->processes[i];
        if (!listed(c, p, list)) continue;
        nvmlProcessDetail_v1_t record;
        memset(&record, 0, sizeof record); /* the padding too: the whole record is written */
        record.pid = p->pid;
        record.usedGpuMemory = p->used_memory_bytes;
        record.gpuInstanceId = p->gpu_instance_id;
        record.computeInstanceId = p->compute_instance_id;
        memcpy(out, &record, stride);
        out += stride;
    }
}

MAYBE_UNUSED static nvmlReturn_t fill_processes(const call_ctx *c, process_list list, size_t stride, unsigned *count, void *infos)
{
    if (count == NULL) return NVML_ERROR_INVALID_ARGUMENT;
    unsigned needed = count_listed(c, list);
    if (*count < needed) {
        *count = needed;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    if (needed > 0 && infos == NULL) return NVML_ERROR_INVALID_ARGUMENT;
    write_listed(c, list, infos, stride);
    *count = needed;
    return NVML_SUCCESS;
}

/* stride 0: the _v3 functions, whose record size depends on the imitated driver. */
MAYBE_UNUSED static nvmlReturn_t get_processes(sym_id sym, nvmlDevice_t device, process_list list, size_t stride,
                                               unsigned *count, void *infos)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(sym, device, SCOPE_ANY, &c);
    if (stride == 0) stride = rc == NVML_SUCCESS && c.sc->process_info_v3 ? PROCESS_INFO_V3_SIZE : PROCESS_INFO_V2_SIZE;
    if (rc == NVML_SUCCESS) rc = fill_processes(&c, list, stride, count, infos);
    return call_end(rc);
}

/* Samples newer than last_seen_us: one per process that has utilisation in the current frame. */
MAYBE_UNUSED static nvmlReturn_t fill_samples(const call_ctx *c, nvmlProcessUtilizationSample_t *samples,
                                              unsigned *count, unsigned long long last_seen_us)
{
    if (count == NULL) return NVML_ERROR_INVALID_ARGUMENT;
    if (mig_enabled(c->dev)) return NVML_ERROR_NOT_SUPPORTED; /* nvml.h: not supported on MIG-enabled GPUs */
    unsigned long long timestamp = fake_sample_timestamp_us();
    unsigned available = 0;
    for (unsigned i = 0; i < c->now->process_count; i++) available += c->now->processes[i].has_util;
    if (timestamp <= last_seen_us || available == 0) {
        *count = 0;
        return NVML_ERROR_NOT_FOUND;
    }
    if (samples == NULL || *count < available) {
        *count = available;
        return NVML_ERROR_INSUFFICIENT_SIZE;
    }
    unsigned n = 0;
    for (unsigned i = 0; i < c->now->process_count; i++) {
        const fake_process *p = &c->now->processes[i];
        if (!p->has_util) continue;
        nvmlProcessUtilizationSample_t sample;
        memset(&sample, 0, sizeof sample);
        sample.pid = p->pid;
        sample.timeStamp = timestamp;
        sample.smUtil = p->sm_util;
        sample.memUtil = p->mem_util;
        sample.encUtil = p->enc_util;
        sample.decUtil = p->dec_util;
        samples[n++] = sample;
    }
    *count = n;
    return NVML_SUCCESS;
}

#ifndef WITHHOLD_nvmlDeviceGetComputeRunningProcesses_v3
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v3(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    return get_processes(SYM_nvmlDeviceGetComputeRunningProcesses_v3, device, LIST_COMPUTE, 0, infoCount, infos);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetComputeRunningProcesses_v2
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses_v2(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    return get_processes(SYM_nvmlDeviceGetComputeRunningProcesses_v2, device, LIST_COMPUTE, PROCESS_INFO_V2_SIZE,
                         infoCount, infos);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetComputeRunningProcesses
EXPORT nvmlReturn_t nvmlDeviceGetComputeRunningProcesses(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    return get_processes(SYM_nvmlDeviceGetComputeRunningProcesses, device, LIST_COMPUTE, PROCESS_INFO_V1_SIZE,
                         infoCount, infos);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetGraphicsRunningProcesses_v3
EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v3(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    return get_processes(SYM_nvmlDeviceGetGraphicsRunningProcesses_v3, device, LIST_GRAPHICS, 0, infoCount, infos);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetGraphicsRunningProcesses_v2
EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses_v2(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    return get_processes(SYM_nvmlDeviceGetGraphicsRunningProcesses_v2, device, LIST_GRAPHICS, PROCESS_INFO_V2_SIZE,
                         infoCount, infos);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetGraphicsRunningProcesses
EXPORT nvmlReturn_t nvmlDeviceGetGraphicsRunningProcesses(nvmlDevice_t device, unsigned int *infoCount, void *infos)
{
    return get_processes(SYM_nvmlDeviceGetGraphicsRunningProcesses, device, LIST_GRAPHICS, PROCESS_INFO_V1_SIZE,
                         infoCount, infos);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetRunningProcessDetailList
EXPORT nvmlReturn_t nvmlDeviceGetRunningProcessDetailList(nvmlDevice_t device, nvmlProcessDetailList_v1_t *plist)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetRunningProcessDetailList, device, SCOPE_ANY, &c);
    if (rc == NVML_SUCCESS && (plist == NULL || plist->mode > NVML_PROCESS_MODE_ALL)) rc = NVML_ERROR_INVALID_ARGUMENT;
    if (rc == NVML_SUCCESS && plist->version != NVML_STRUCT_VERSION(nvmlProcessDetailList_v1_t, 1)) {
        rc = NVML_ERROR_ARGUMENT_VERSION_MISMATCH;
    }
    if (rc == NVML_SUCCESS) {
        rc = fill_processes(&c, (process_list)plist->mode, sizeof(nvmlProcessDetail_v1_t), &plist->numProcArrayEntries,
                            plist->procArray);
    }
    return call_end(rc);
}
#endif

#ifndef WITHHOLD_nvmlDeviceGetProcessUtilization
EXPORT nvmlReturn_t nvmlDeviceGetProcessUtilization(nvmlDevice_t device, nvmlProcessUtilizationSample_t *utilization,
                                                    unsigned int *processSamplesCount,
                                                    unsigned long long lastSeenTimeStamp)
{
    call_ctx c;
    nvmlReturn_t rc = call_begin_device(SYM_nvmlDeviceGetProcessUtilization, device, SCOPE_PHYSICAL, &c);
    if (rc == NVML_SUCCESS) rc = fill_samples(&c, utilization, processSamplesCount, lastSeenTimeStamp);
    return call_end(rc);
}
#endif
