#!/usr/bin/env bash
# The real-GPU checks, as ONE run on a lent GPU machine (../shared/device/README.md): gpuwise
# info --json next to nvidia-smi's CSV query and `-q -x` (do they agree?), our snapshot timed
# against nvidia-smi and a pynvml loop making the same calls, the same while a PyTorch job runs,
# and `gpuwise doctor` (it should say "ready"). Everything lands in $OUT; a table is printed last.
#
# Prepare here:  npm run build && ../shared/device/pack-node.sh && scripts/device/pack.sh
# Afterwards: the "scenario" object of $OUT/call-timings.json is the measured callCostUs /
# fieldCostUs for test/fake-nvml/scenarios/8x-h100-real-costs.json (commit the JSON as a fixture).
# Run there:     run(command="bash scripts/device/check.sh", carry=[".device", "dist"])
# It changes no GPU setting (no clocks, power, persistence, MIG, reset).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"

. scripts/device/node-env.sh

step() { printf '\n== %s\n' "$*" | tee -a "$OUT/log.txt"; }

step "versions"
{ node --version; nvidia-smi --version; python3 -c 'import torch, pynvml; print("torch", torch.__version__, torch.version.cuda); print("pynvml", pynvml.__version__ if hasattr(pynvml, "__version__") else "?")'; } 2>&1 | tee -a "$OUT/log.txt"

FIELDS=index,uuid,name,pci.bus_id,driver_version,memory.total,memory.used,memory.free,memory.reserved,utilization.gpu,utilization.memory,temperature.gpu,power.draw,power.limit,enforced.power.limit,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max,pstate,clocks_event_reasons.active,ecc.mode.current,mig.mode.current,compute_mode,persistence_mode,compute_cap

capture() { # $1 = label
  nvidia-smi --query-gpu=$FIELDS --format=csv > "$OUT/$1_query-gpu.csv" 2>&1
  nvidia-smi --query-compute-apps=gpu_uuid,pid,process_name,used_gpu_memory --format=csv > "$OUT/$1_query-compute-apps.csv" 2>&1
  nvidia-smi -q -x > "$OUT/$1_nvidia-smi-q.xml" 2>&1
  nvidia-smi > "$OUT/$1_nvidia-smi-table.txt" 2>&1
  node bin/gpuwise.mjs info --json > "$OUT/$1_gpuwise-info.json" 2> "$OUT/$1_gpuwise-info.stderr"
  node bin/gpuwise.mjs info --no-color > "$OUT/$1_gpuwise-info.txt" 2>&1
}

step "idle capture"
capture idle

step "load capture (a PyTorch matmul loop on GPU 0)"
python3 - > "$OUT/load-job.log" 2>&1 <<'EOF' &
import time, torch
x = torch.randn(8192, 8192, device='cuda', dtype=torch.bfloat16)
end = time.time() + 25
while time.time() < end:
    y = x @ x
torch.cuda.synchronize()
EOF
JOB=$!
sleep 8
capture load
node scripts/device/compare.mjs "$OUT" idle load | tee "$OUT/compare.txt"

step "timing: gpuwise snapshot vs nvidia-smi vs pynvml (during load)"
node scripts/device/time-gpuwise.mjs 300 > "$OUT/time-gpuwise.json" 2>>"$OUT/log.txt"
python3 scripts/device/time-pynvml.py 300 > "$OUT/time-pynvml.json" 2>>"$OUT/log.txt"
python3 - "$FIELDS" > "$OUT/time-nvidia-smi.json" <<'EOF'
import json, subprocess, sys, time
fields = sys.argv[1]
runs = []
for _ in range(10):
    t = time.perf_counter()
    subprocess.run(["nvidia-smi", f"--query-gpu={fields}", "--format=csv"], capture_output=True, check=True)
    runs.append((time.perf_counter() - t) * 1e6)
runs.sort()
print(json.dumps({"tool": "nvidia-smi --query-gpu", "median_us": runs[len(runs) // 2], "runs": len(runs)}))
EOF
wait $JOB

step "per-call timings: each NVML function cold and warm, wall and CPU (issue 8's cost model)"
# Idle, persistence mode as found; the load job above has ended.
node .device/time-calls.mjs --reads 30 --repeats 20 > "$OUT/call-timings.json" 2>>"$OUT/log.txt"
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log("persistence mode:", r.gpus.map((g) => g.persistenceMode).join(","), " clock overhead:", r.overheadUs, "µs");
for (const c of r.calls) console.log(c.function.padEnd(44), String(c.calls).padStart(5), "cold", String(c.coldWallUs).padStart(9), "warm", String(c.warmWallUs).padStart(9), "cpu", String(c.warmCpuUs).padStart(9), "share", c.cpuShare);
' "$OUT/call-timings.json" | tee "$OUT/call-timings.txt"

step "doctor"
node bin/gpuwise.mjs doctor --json > "$OUT/doctor.json" 2> "$OUT/doctor.stderr"; echo "doctor exit: $?" | tee -a "$OUT/log.txt"
node bin/gpuwise.mjs doctor --no-color --lang en > "$OUT/doctor.txt" 2>&1

step "summary"
node scripts/device/summary.mjs "$OUT" | tee "$OUT/summary.txt"
