// The advisor's messages for image models (issue 17 item 4): SDXL training memory (full and LoRA)
// derived from the UNet's layout, and images per second from published benchmarks.

import { defineMessages } from '../define.js';

export default defineMessages(
  {
    'advisor.error.resolutionNeedsImageModel': '--resolution is for image models (ResNet-50, SDXL); {model} reads tokens, so give --seq-len instead.',
    'advisor.error.badResolution': 'An image side of {value} pixels does not divide into the model’s feature maps: give a multiple of {multiple} (224, 512, 768, 1024 …).',
    'advisor.cli.option.resolution': 'image models: side of the square input in pixels (default the model’s own: ResNet-50 224, SDXL 1024)',
    'advisor.assume.diffusionWorkspaceScaled': 'At {resolution}×{resolution}: {gib} GiB per image, the published figure scaled by the latent area (derived, not measured).',
    'advisor.reason.noImageRateResolution': 'Published images/s are for {published}×{published} images only; at {resolution}×{resolution} the speed is unknown rather than guessed.',
    'advisor.error.qloraNeedsTransformer': 'QLoRA quantises a language model’s linear layers to NF4; {model} is not trained that way. Use --method lora (adapters on the UNet) or full.',

    'advisor.assume.diffusionFullUnet': 'Only the UNet ({unet} B parameters) is trained, as the SDXL recipes do (diffusers, kohya-ss): {bytes} bytes per parameter ({precision}, {optimizer}).',
    'advisor.assume.diffusionLora': 'LoRA rank {rank} on the UNet’s {targets} layers: {trainable} trainable parameters in fp32 (diffusers’ SDXL DreamBooth LoRA default: rank 4 on to_q, to_k, to_v, to_out).',
    'advisor.assume.diffusionFrozen': 'The text encoders and the VAE stay frozen on the GPU ({gib} GiB); caching their outputs (kohya-ss --cache_text_encoder_outputs and --cache_latents) frees most of it.',
    'advisor.assume.adafactorConvs': 'Adafactor: the transformer blocks’ matrices are factored; the convolutions are counted unfactored (an upper bound).',
    'advisor.assume.diffusionCheckpointing': 'Gradient checkpointing is on, as the SDXL training recipes (diffusers, kohya-ss) run it (--recompute none to turn it off).',
    'advisor.assume.unetActivationsCheckpointed': 'UNet activations with gradient checkpointing: {gib} GiB per {resolution}×{resolution} image ({latent}×{latent} latent), times the batch — derived from the published layout (each block’s input kept, one block recomputed at a time), not measured.',
    'advisor.assume.unetActivations': 'UNet activations without checkpointing: {gib} GiB per {resolution}×{resolution} image ({latent}×{latent} latent), times the batch — derived from the published layout, not measured.',
    'advisor.assume.imageRates': 'Images per second are published benchmark results ({sources}), per GPU as submitted, times the number of GPUs (images are independent: each GPU runs its own); a GPU without a published result has no speed rather than a guess.',

    'advisor.reason.imagesPublished': '{rate} images/s on {count} × this GPU: {perGpu} per GPU, from the {measured}-GPU result of {source}.',
    'advisor.reason.noImageRate': 'No published images/s for this GPU and work: speed unknown rather than guessed (published for {gpus}).',
    'advisor.reason.noImageRateAtAll': 'No published images/s for this work on any GPU: speed unknown rather than guessed.',

    'advisor.assume.imageReplicas': 'On {gpus} GPUs each holds the whole model and serves its share of the batch (replicas, not tensor parallelism).',
    'advisor.reason.splitReplicas': '{count} replicas: each GPU holds the whole model and serves 1/{count} of the batch.',
    'advisor.cli.recommend.datasetRead': 'Dataset: ≥ {rate}/s of reads to feed {images} images/s of ImageNet-sized JPEGs (108 KB each).',
    'advisor.cli.recommend.localShort.pcieWidth': 'PCIe: the GPUs here sit in {have} links; each GPU of this option wants {need}.',
  },
  {
    'advisor.error.resolutionNeedsImageModel': '--resolution 用于图像模型（ResNet-50、SDXL）；{model} 处理的是 token，请改用 --seq-len。',
    'advisor.error.badResolution': '图像边长 {value} 像素无法整除模型的特征图：请给 {multiple} 的倍数（224、512、768、1024 ……）。',
    'advisor.cli.option.resolution': '图像模型：正方形输入的边长（像素），默认取模型原生的分辨率（224 或 1024）',
    'advisor.assume.diffusionWorkspaceScaled': '在 {resolution}×{resolution} 下：每张图像 {gib} GiB，由公开数值按潜空间面积折算（推算，并非实测）。',
    'advisor.reason.noImageRateResolution': '公开的每秒图像数只针对 {published}×{published} 的图像；在 {resolution}×{resolution} 下速度未知，不做猜测。',
    'advisor.error.qloraNeedsTransformer': 'QLoRA 把语言模型的线性层量化为 NF4；{model} 不这样训练。请用 --method lora（在 UNet 上加适配器）或 full。',

    'advisor.assume.diffusionFullUnet': '只训练 UNet（{unet} B 参数），与 SDXL 常用训练脚本（diffusers、kohya-ss）一致：每个参数 {bytes} 字节（{precision}，{optimizer}）。',
    'advisor.assume.diffusionLora': '在 UNet 的 {targets} 层上加秩 {rank} 的 LoRA：{trainable} 个可训练参数，fp32（diffusers SDXL DreamBooth LoRA 默认：秩 4，作用于 to_q、to_k、to_v、to_out）。',
    'advisor.assume.diffusionFrozen': '文本编码器和 VAE 冻结并留在 GPU 上（{gib} GiB）；缓存它们的输出（kohya-ss 的 --cache_text_encoder_outputs 和 --cache_latents）可省下大部分。',
    'advisor.assume.adafactorConvs': 'Adafactor：Transformer 块的矩阵按分解计算；卷积按不分解计算（上限）。',
    'advisor.assume.diffusionCheckpointing': '默认开启梯度检查点，与 SDXL 常用训练脚本（diffusers、kohya-ss）一致（--recompute none 可关闭）。',
    'advisor.assume.unetActivationsCheckpointed': '开启梯度检查点时的 UNet 激活：每张 {resolution}×{resolution} 图像（{latent}×{latent} 潜空间）{gib} GiB，乘以批量——由公开的网络结构推算（保留每个块的输入，每次重算一个块），并非实测。',
    'advisor.assume.unetActivations': '不开梯度检查点时的 UNet 激活：每张 {resolution}×{resolution} 图像（{latent}×{latent} 潜空间）{gib} GiB，乘以批量——由公开的网络结构推算，并非实测。',
    'advisor.assume.imageRates': '每秒图像数取自公开的基准测试结果（{sources}），按提交配置折算到每张 GPU，再乘以 GPU 数（图像彼此独立，每张 GPU 各跑各的）；没有公开结果的 GPU 不给速度，不做猜测。',

    'advisor.reason.imagesPublished': '{count} 张这款 GPU 每秒 {rate} 张图像：每张 GPU {perGpu} 张，取自 {source} 的 {measured} 卡结果。',
    'advisor.reason.noImageRate': '这款 GPU 没有该任务公开的每秒图像数：速度未知，不做猜测（有公开结果的：{gpus}）。',
    'advisor.reason.noImageRateAtAll': '这项任务在任何 GPU 上都没有公开的每秒图像数：速度未知，不做猜测。',

    'advisor.assume.imageReplicas': '{gpus} 张 GPU 各持一份完整模型，各自处理一部分批量（副本，而非张量并行）。',
    'advisor.reason.splitReplicas': '{count} 个副本：每张 GPU 持有完整模型，处理 1/{count} 的批量。',
    'advisor.cli.recommend.datasetRead': '数据集：存储读取 ≥ {rate}/s，才能以每秒 {images} 张喂入 ImageNet 大小的 JPEG（每张 108 KB）。',
    'advisor.cli.recommend.localShort.pcieWidth': 'PCIe：本机 GPU 的链路为 {have}；这个方案每张 GPU 需要 {need}。',
  },
);
