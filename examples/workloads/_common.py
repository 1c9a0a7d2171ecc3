"""What the workloads share: the command line, a small conv net, and a timed training loop.

Every workload runs for --seconds (default 90: longer than diagnose's 60 s window), makes its
data up (no downloads), and prints one line every few seconds so you can see it is alive.
"""
import argparse
import time

import torch
from torch import nn


def parse_args(description: str, **defaults) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=defaults.get("seconds", 90.0), help="how long to run")
    parser.add_argument("--batch", type=int, default=defaults.get("batch", 64), help="batch size")
    parser.add_argument("--device", default=defaults.get("device", "cuda"), help="torch device, e.g. cuda:0")
    return parser.parse_args()


def conv_net(width: int = 64, classes: int = 10) -> nn.Module:
    """A small ResNet-like stack: enough work per image to be a real step, small enough to load fast."""
    return nn.Sequential(
        nn.Conv2d(3, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
        nn.Conv2d(width, width, 3, padding=1), nn.BatchNorm2d(width), nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(width, 2 * width, 3, padding=1), nn.BatchNorm2d(2 * width), nn.ReLU(),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(2 * width, classes),
    )


def train(step, seconds: float, label: str) -> None:
    """Calls step() until `seconds` have passed; reports steps per second every 5 s."""
    start = last = time.time()
    steps = done = 0
    while time.time() - start < seconds:
        step()
        steps += 1
        done += 1
        now = time.time()
        if now - last >= 5:
            torch.cuda.synchronize()
            print(f"[{label}] {now - start:5.1f} s  {done / (now - last):8.1f} steps/s", flush=True)
            last, done = now, 0
    torch.cuda.synchronize()
    print(f"[{label}] done: {steps} steps in {time.time() - start:.1f} s", flush=True)


def optimiser_step(model: nn.Module, optimiser: torch.optim.Optimizer, images: torch.Tensor, labels: torch.Tensor) -> None:
    optimiser.zero_grad(set_to_none=True)
    loss = nn.functional.cross_entropy(model(images), labels)
    loss.backward()
    optimiser.step()
