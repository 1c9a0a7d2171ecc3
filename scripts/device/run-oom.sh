#!/usr/bin/env bash
# issue 13 on a lent GPU: a PyTorch job under `gpuwise run` that fails once with a real CUDA OOM
# (an oversized batch on the first attempt) and succeeds when restarted with a smaller batch
# (examples/workloads/oom_then_fit.py reads GPUWISE_RUN_ATTEMPT). The run's report (JSON and
# HTML), its logs and a short verdict land in $OUT; commit report.json/report.html from there.
#
# Prepare here:  npm run build && ../shared/device/pack-node.sh && scripts/device/pack.sh
# Run there:     run(command="bash scripts/device/run-oom.sh", carry=[".device", "dist"], timeout_s=300)
# It changes no GPU setting. Expected: exit 0, attempt 1 = exit 1 with cuda-oom (sizes parsed),
# attempt 2 = exit 0, GPU energy > 0.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"

. scripts/device/node-env.sh

{ node --version; nvidia-smi --query-gpu=index,name,memory.total,memory.used --format=csv; python3 -c 'import torch; print("torch", torch.__version__, torch.version.cuda)'; } > "$OUT/versions.txt" 2>&1

STEPS=${STEPS:-300} timeout 240 node bin/gpuwise.mjs run --gpus auto --interval 0.5 --backoff 2s --max-restarts 2 \
  --price-per-kwh 0.15 --log-dir "$OUT/run" --no-record -- python3 examples/workloads/oom_then_fit.py \
  > "$OUT/gpuwise-run.stdout" 2> "$OUT/gpuwise-run.stderr"
echo "gpuwise run exit code: $?" | tee "$OUT/verdict.txt"

node - "$OUT/run/report.json" <<'JS' | tee -a "$OUT/verdict.txt"
const r = JSON.parse(require('node:fs').readFileSync(process.argv[2], 'utf8'));
const oom = r.failures.find((f) => f.kind === 'cuda-oom');
console.log(`attempts: ${r.attempts.map((a) => `#${a.attempt} exit ${a.exitCode} [${a.failures.join(',')}] wait ${a.restartDelayMs}`).join('; ')}`);
console.log(`oom: ${oom ? JSON.stringify(oom.details) : 'NOT RECOGNISED'}`);
console.log(`gpus: ${r.gpus.recorded.map((g) => `${g.index} ${g.name} util ${g.utilMeanPercent}% peak ${(g.memoryPeakBytes / 2 ** 30).toFixed(1)} GiB ${g.energyJoules} J (${g.energySource})`).join('; ')}`);
console.log(`energy: ${r.energy.kWh} kWh, cost ${r.energy.cost?.amount} ${r.energy.cost?.currency}; diagnose: ${r.diagnose?.verdict ?? r.diagnoseUnavailable}`);
const ok = r.exitCode === 0 && r.attempts.length === 2 && r.attempts[0].failures.includes('cuda-oom') && oom?.details.triedBytes > 0 && r.energy.kWh > 0;
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
JS
