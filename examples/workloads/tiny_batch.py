"""Small batch / launch bound: batch size 2 through a deep stack of small layers. Each step is
hundreds of tiny kernels; the Python thread launching them sets the pace, not the GPU.

    gpuwise diagnose --batch 2 -- python examples/workloads/tiny_batch.py
Expected verdict: launch-bound (low SM activity, little memory, the main thread at a full core).
Fix to try: a larger batch (diagnose's batch advice says how large fits), torch.compile, CUDA graphs.
"""
import torch
from torch import nn

from _common import optimiser_step, parse_args, train


def main() -> None:
    args = parse_args(__doc__, batch=2)
    layers = []
    for _ in range(48):
        layers += [nn.Linear(256, 256), nn.LayerNorm(256), nn.GELU()]
    model = nn.Sequential(*layers, nn.Linear(256, 10)).to(args.device)
    optimiser = torch.optim.AdamW(model.parameters(), lr=1e-3)
    # The data lives on the GPU already: nothing but launches between the steps.
    inputs = torch.randn(args.batch, 256, device=args.device)
    labels = torch.randint(0, 10, (args.batch,), device=args.device)

    train(lambda: optimiser_step(model, optimiser, inputs, labels), args.seconds, "tiny_batch")


if __name__ == "__main__":
    main()
