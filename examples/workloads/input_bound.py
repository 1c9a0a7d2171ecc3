"""Input-bound: a slow Dataset (CPU work per image, like JPEG decoding and augmentation) read with
num_workers=0, so the main process prepares every batch while the GPU waits between steps.

    gpuwise diagnose -- python examples/workloads/input_bound.py
Expected verdict: input-bound (GPU-Util in a saw-tooth; the main process at a full core, no workers).
Fix to try: DataLoader(..., num_workers=8, pin_memory=True, persistent_workers=True).
"""
import numpy as np
import torch
from torch.utils.data import DataLoader, Dataset

from _common import conv_net, optimiser_step, parse_args, train


class SlowImages(Dataset):
    """Random 3×128×128 images, each "decoded" with a few ms of numpy work."""

    def __len__(self) -> int:
        return 1_000_000

    def __getitem__(self, index: int):
        rng = np.random.default_rng(index)
        image = rng.random((128, 128, 3), dtype=np.float32)
        for _ in range(6):  # stands in for decode + resize + colour jitter
            image = np.sqrt(image * image + 0.01) * 0.99
        return torch.from_numpy(image.transpose(2, 0, 1).copy()), index % 10


def main() -> None:
    args = parse_args(__doc__, batch=64)
    model = conv_net().to(args.device)
    optimiser = torch.optim.SGD(model.parameters(), lr=0.01)
    batches = iter(DataLoader(SlowImages(), batch_size=args.batch, num_workers=0, shuffle=True))

    def step() -> None:
        images, labels = next(batches)
        optimiser_step(model, optimiser, images.to(args.device), labels.to(args.device))

    train(step, args.seconds, "input_bound")


if __name__ == "__main__":
    main()
