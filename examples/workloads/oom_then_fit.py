"""A small PyTorch training job that runs out of GPU memory on its first attempt and fits after a
restart — what `gpuwise run` is for (docs/run.md, "Try it on a GPU").

    gpuwise run --gpus auto --backoff 2s -- python3 examples/workloads/oom_then_fit.py

It reads GPUWISE_RUN_ATTEMPT, which `gpuwise run` sets for every attempt (1, 2, …): the first
attempt asks for a batch twice the GPU's memory (a real CUDA out-of-memory error from PyTorch's
allocator, with its sizes), later ones divide it by OOM_BATCH_DIVISOR (default 256) and train for
STEPS steps (default 200). Without gpuwise it behaves as attempt 1. `--batch N` overrides both.
"""

import argparse
import os
import sys
import time

import torch

FEATURES = 4096


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=None)
    args = parser.parse_args()
    if not torch.cuda.is_available():
        print("no CUDA device", file=sys.stderr)
        return 2
    attempt = int(os.environ.get("GPUWISE_RUN_ATTEMPT", "1"))
    total = torch.cuda.get_device_properties(0).total_memory
    # Twice the GPU's memory in input rows alone (fp32): this cannot fit, whatever the GPU.
    oversized = int(2 * total / (FEATURES * 4))
    divisor = int(os.environ.get("OOM_BATCH_DIVISOR", "256"))
    batch = args.batch or (oversized if attempt == 1 else max(1, oversized // divisor))
    steps = int(os.environ.get("STEPS", "200"))
    print(f"attempt {attempt}: batch {batch} on {torch.cuda.get_device_name(0)} ({total / 2**30:.1f} GiB)", flush=True)

    model = torch.nn.Sequential(torch.nn.Linear(FEATURES, FEATURES), torch.nn.GELU(), torch.nn.Linear(FEATURES, 10)).cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    started = time.time()
    for step in range(steps):
        x = torch.randn(batch, FEATURES, device="cuda")
        y = torch.randint(0, 10, (batch,), device="cuda")
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if step % 50 == 0:
            print(f"step {step} loss {loss.item():.4f}", flush=True)
    torch.cuda.synchronize()
    print(f"done: {steps} steps in {time.time() - started:.1f} s, peak {torch.cuda.max_memory_allocated() / 2**30:.2f} GiB", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
