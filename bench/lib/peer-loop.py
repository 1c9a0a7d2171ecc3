# The peers of bench:sampler, reading the same fake NVML in a loop at a fixed rate: nvitop's API
# (devices and their processes as snapshots, as its TUI does each refresh) or gpustat's query
# (which sleeps 0.1 s per GPU with processes to measure their CPU %). Prints "ready" after the
# first read; when a line arrives on stdin, one JSON line and exits.
#
#   python3 peer-loop.py nvitop|gpustat HZ
import json
import select
import sys
import time

tool, hz = sys.argv[1], float(sys.argv[2])

if tool == 'nvitop':
    from nvitop import Device, GpuProcess

    devices = Device.all()

    def read():
        for device in devices:
            device.as_snapshot()
            GpuProcess.take_snapshots(device.processes().values(), failsafe=True)
else:
    from gpustat import new_query

    def read():
        new_query()

read()
print('ready', flush=True)
reads = 0
deadline = time.monotonic()
while True:
    deadline += 1 / hz
    wait = max(0.0, deadline - time.monotonic())
    if select.select([sys.stdin], [], [], wait)[0]:
        break
    read()
    reads += 1
print(json.dumps({'samples': reads}), flush=True)
