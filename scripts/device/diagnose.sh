#!/usr/bin/env bash
# `gpuwise diagnose` on each workload of examples/workloads/, as ONE run on a lent GPU machine
# (../shared/device/README.md). Each workload is started, left to warm up (CUDA init, the first
# steps) until it prints its first progress line, then watched with `diagnose --pid` for
# $WINDOW seconds and recorded (--record): the traces land in $OUT/traces/ (commit them to
# test/fixtures/diagnose/real/), the JSON reports in $OUT/reports/, and a table of expected
# against found verdicts is printed last.
#
# Prepare here:  npm run build && ../shared/device/pack-node.sh && scripts/device/pack.sh
# Run there:     run(command="bash scripts/device/diagnose.sh", carry=[".device", "dist"], timeout_s=540)
# About 6 × (warm-up + $WINDOW s) ≈ 5 min with WINDOW=30. It changes no GPU setting.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$(mktemp -d)}
WINDOW=${WINDOW:-30}
mkdir -p "$OUT/traces" "$OUT/reports" "$OUT/logs"

. scripts/device/node-env.sh
GPUWISE="node bin/gpuwise.mjs"

{ node --version; nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.max,pcie.link.width.max --format=csv,noheader; } 2>&1 | tee "$OUT/versions.txt"

# name | the first finding it should give (or healthy)
WORKLOADS=(
  "input_bound|input-bound"
  "tiny_batch|launch-bound"
  "transfer_bound|transfer-bound"
  "idle_holding_memory|idle-holding-memory"
  "imbalanced|imbalance"
  "healthy|healthy"
)

wait_ready() { # $1 = log, $2 = pid: until the first progress line (or 120 s, or the job died)
  for _ in $(seq 1 240); do
    grep -qE 'steps/s|holding' "$1" 2>/dev/null && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.5
  done
  return 1
}

for entry in "${WORKLOADS[@]}"; do
  IFS='|' read -r name expected <<< "$entry"
  echo "== $name (expect $expected)"
  # setsid: the workload and its workers in their own group, stopped together afterwards.
  setsid python3 "examples/workloads/$name.py" --seconds $((WINDOW + 60)) > "$OUT/logs/$name.log" 2>&1 &
  job=$!
  if ! wait_ready "$OUT/logs/$name.log" "$job"; then
    echo "$name: did not start (see logs/$name.log)" | tee -a "$OUT/failures.txt"
    kill -TERM -- "-$job" 2>/dev/null; continue
  fi
  if [ "$name" = idle_holding_memory ]; then target=(--gpu 0); else target=(--pid "$job"); fi
  $GPUWISE diagnose "${target[@]}" --duration "${WINDOW}s" --interval 250ms \
    --record "$OUT/traces/$name.ndjson" --html "$OUT/reports/$name.html" --json \
    > "$OUT/reports/$name.json" 2> "$OUT/logs/$name.diagnose.stderr"
  echo "diagnose exit: $?" >> "$OUT/logs/$name.diagnose.stderr"
  $GPUWISE diagnose --from "$OUT/traces/$name.ndjson" --no-color > "$OUT/reports/$name.txt" 2>&1
  kill -TERM -- "-$job" 2>/dev/null; sleep 1; kill -KILL -- "-$job" 2>/dev/null; wait "$job" 2>/dev/null
done

echo "== verdicts"
node --input-type=module - "$OUT" "${WORKLOADS[@]}" <<'EOF' | tee "$OUT/verdicts.txt"
import { readFileSync } from 'node:fs';
const [out, ...entries] = process.argv.slice(2);
let right = 0;
for (const entry of entries) {
  const [name, expected] = entry.split('|');
  let found = 'no report';
  try {
    const { report } = JSON.parse(readFileSync(`${out}/reports/${name}.json`, 'utf8'));
    found = report.verdict === 'findings' ? report.findings.map((f) => f.rule + (f.variant ? `/${f.variant}` : '')).join(', ') : report.verdict;
  } catch {}
  const ok = found.split(', ')[0].split('/')[0] === expected;
  if (ok) right++;
  console.log(`${ok ? 'RIGHT' : 'WRONG'}  ${name.padEnd(20)} expected ${expected.padEnd(20)} found ${found}`);
}
console.log(`${right} of ${entries.length} right`);
EOF
