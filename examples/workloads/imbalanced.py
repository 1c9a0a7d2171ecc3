"""Imbalance: two processes share the work, one per GPU (or both on one GPU when there is only
one), and one of them is slowed by extra host work per step — a straggler the other waits for
at every synchronisation.

    gpuwise diagnose -- python examples/workloads/imbalanced.py
Expected verdict: imbalance (on two GPUs: one busy, one waiting). On a single GPU the two
processes share it, so the verdict is about the straggler process: launch- or input-bound.
Fix to try: give every rank the same work (same batch, same data shard, same CPU cores).
"""
import time

import torch
import torch.multiprocessing as mp

from _common import conv_net, optimiser_step, parse_args, train


def rank(index: int, args, barrier) -> None:
    devices = torch.cuda.device_count()
    device = f"cuda:{index % devices}"
    torch.cuda.set_device(device)  # so that nothing of this rank lands on GPU 0 by default
    model = conv_net().to(device)
    optimiser = torch.optim.SGD(model.parameters(), lr=0.01)
    images = torch.randn(args.batch, 3, 64, 64, device=device)
    labels = torch.randint(0, 10, (args.batch,), device=device)

    def step() -> None:
        optimiser_step(model, optimiser, images, labels)
        if index == 1:
            time.sleep(0.02)  # the straggler: 20 ms of host work per step
        torch.cuda.synchronize()
        barrier.wait()  # as an all-reduce would: the fast rank waits for the slow one

    train(step, args.seconds, f"rank {index} on {device}")


def main() -> None:
    args = parse_args(__doc__, batch=256)
    mp.set_start_method("spawn")
    barrier = mp.Barrier(2)
    workers = [mp.Process(target=rank, args=(i, args, barrier)) for i in range(2)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


if __name__ == "__main__":
    main()
