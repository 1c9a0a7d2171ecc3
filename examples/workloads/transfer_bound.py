"""Transfer-bound: every step copies a large batch from pageable (not pinned) host memory and
does little with it. The copies go through a staging buffer at a fraction of the link's rate,
synchronously, and the GPU waits for them.

    gpuwise diagnose -- python examples/workloads/transfer_bound.py
Expected verdict: transfer-bound (PCIe busy most of the time while the GPU is not saturated).
Fix to try: keep the data on the GPU; else pin_memory() and .to(device, non_blocking=True).
"""
import torch

from _common import parse_args, train


def main() -> None:
    args = parse_args(__doc__, batch=256)
    # 256 × 3 × 256 × 256 float32 ≈ 200 MB of pageable host memory, made once.
    host_batches = [torch.randn(args.batch, 3, 256, 256) for _ in range(2)]
    weight = torch.randn(3, 3, device=args.device)
    counter = {"i": 0}

    def step() -> None:
        batch = host_batches[counter["i"] % 2].to(args.device)  # pageable → blocking copy
        counter["i"] += 1
        # A token amount of work: the copy is the step.
        torch.einsum("bchw,cd->bdhw", batch[:, :, :8, :8], weight).sum().item()

    train(step, args.seconds, "transfer_bound")


if __name__ == "__main__":
    main()
