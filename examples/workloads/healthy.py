"""Healthy: a large batch of bf16 matrix work with the data already on the GPU. The GPU is busy
and its SMs full; diagnose must find nothing to fix.

    gpuwise diagnose -- python examples/workloads/healthy.py
Expected verdict: healthy.
"""
import torch
from torch import nn

from _common import parse_args, train


def main() -> None:
    args = parse_args(__doc__, batch=8192)
    model = nn.Sequential(nn.Linear(4096, 8192), nn.GELU(), nn.Linear(8192, 4096), nn.GELU(), nn.Linear(4096, 1000)).to(args.device)
    optimiser = torch.optim.AdamW(model.parameters(), lr=1e-4)
    inputs = torch.randn(args.batch, 4096, device=args.device)
    labels = torch.randint(0, 1000, (args.batch,), device=args.device)

    def step() -> None:
        optimiser.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):  # the forward pass in bf16, backward outside
            loss = nn.functional.cross_entropy(model(inputs), labels)
        loss.backward()
        optimiser.step()

    train(step, args.seconds, "healthy")


if __name__ == "__main__":
    main()
