# The same NVML calls as one steady-state gpuwise snapshot (src/backends/nvml/reader.ts,
# bench/snapshot-loop.c), made through pynvml, timed the same way. Prints one JSON line.
# usage: python3 time-pynvml.py <iterations>
import json, sys, time
import pynvml as n

def snapshot(handles, pcie):
    n.nvmlDeviceGetCount()
    for h in handles:
        def q(f, *a):
            try:
                return f(h, *a)
            except n.NVMLError:
                return None
        q(n.nvmlDeviceGetMemoryInfo); q(n.nvmlDeviceGetUtilizationRates)
        q(n.nvmlDeviceGetEncoderUtilization); q(n.nvmlDeviceGetDecoderUtilization)
        q(n.nvmlDeviceGetTemperature, 0); q(n.nvmlDeviceGetFanSpeed); q(n.nvmlDeviceGetPowerUsage)
        q(n.nvmlDeviceGetEnforcedPowerLimit); q(n.nvmlDeviceGetTotalEnergyConsumption)
        for c in (0, 1, 2): q(n.nvmlDeviceGetClockInfo, c)
        q(n.nvmlDeviceGetPerformanceState); q(n.nvmlDeviceGetCurrentClocksEventReasons)
        q(n.nvmlDeviceGetCurrPcieLinkGeneration); q(n.nvmlDeviceGetCurrPcieLinkWidth)
        if pcie:
            q(n.nvmlDeviceGetPcieThroughput, 0); q(n.nvmlDeviceGetPcieThroughput, 1)
        ecc = q(n.nvmlDeviceGetEccMode)
        if ecc and ecc[0] == 1:
            for e in (0, 1):
                for c in (0, 1): q(n.nvmlDeviceGetTotalEccErrors, e, c)
        q(n.nvmlDeviceGetMigMode); q(n.nvmlDeviceGetComputeMode); q(n.nvmlDeviceGetPersistenceMode)
        procs = (q(n.nvmlDeviceGetComputeRunningProcesses) or []) + (q(n.nvmlDeviceGetGraphicsRunningProcesses) or [])
        if procs:
            q(n.nvmlDeviceGetProcessUtilization, 0)

n.nvmlInit()
handles = [n.nvmlDeviceGetHandleByIndex(i) for i in range(n.nvmlDeviceGetCount())]
iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 300
result = {"tool": "pynvml loop"}
for pcie, key, count in ((False, "median_us", iterations), (True, "with_pcie_median_us", min(iterations, 50))):
    snapshot(handles, pcie)
    runs = []
    for _ in range(count):
        t = time.perf_counter()
        snapshot(handles, pcie)
        runs.append((time.perf_counter() - t) * 1e6)
    runs.sort()
    result[key] = round(runs[len(runs) // 2], 1)
n.nvmlShutdown()
print(json.dumps(result))
