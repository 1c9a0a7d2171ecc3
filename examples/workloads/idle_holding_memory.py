"""Idle while holding memory: allocates 20 GiB on the GPU, runs a few steps, then sits there —
a notebook whose last cell finished, or a job waiting on a lock — keeping the memory from others.

    python examples/workloads/idle_holding_memory.py &   # then, while it sleeps:
    gpuwise diagnose --gpu 0 --duration 60s
Expected verdict: idle-holding-memory, naming this process and its user.
Fix to try: del the tensors and torch.cuda.empty_cache(), or end the process.
"""
import time

import torch

from _common import parse_args


def main() -> None:
    args = parse_args(__doc__, seconds=120)
    held = torch.empty(20 * 2**30, dtype=torch.uint8, device=args.device)
    held.fill_(1)
    for _ in range(20):
        held[: 2**28].add_(1)
    torch.cuda.synchronize()
    print(f"[idle_holding_memory] holding {held.numel() / 2**30:.0f} GiB, idle for {args.seconds:.0f} s", flush=True)
    time.sleep(args.seconds)


if __name__ == "__main__":
    main()
