// The concrete changes the findings suggest, with code per framework where the frameworks differ.
// One table, so that two rules suggesting the same change suggest it in the same words.

import type { Fix } from '../types.js';

const FIXES = {
  loaderWorkers: {
    pytorch: 'loader = DataLoader(ds, batch_size=bs, num_workers=8,  # ≈ free cores / GPUs\n                    pin_memory=True, prefetch_factor=4, persistent_workers=True)',
    tensorflow: 'ds = ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE).batch(bs).prefetch(tf.data.AUTOTUNE)',
    jax: '# JAX has no loader of its own: feed it from tf.data (as above) or grain with worker_count > 0\nloader = grain.DataLoader(..., worker_count=8)',
  },
  fasterDecode: {
    pytorch: '# decode on the GPU with NVIDIA DALI, or a faster CPU decoder:\npip install pillow-simd   # drop-in for Pillow\n# or: from nvidia.dali.plugin.pytorch import DALIGenericIterator',
    tensorflow: 'img = tf.io.decode_jpeg(data, dct_method="INTEGER_FAST")  # or DALI\'s TF plugin',
    jax: '# decode with DALI (nvidia.dali.plugin.jax) or in tf.data before handing arrays to JAX',
  },
  cacheData: {
    pytorch: '# decode once, keep the decoded tensors (RAM or a local NVMe copy), not the JPEGs on network storage',
    tensorflow: 'ds = ds.map(parse, num_parallel_calls=tf.data.AUTOTUNE).cache()  # or .cache("/local/nvme/cache")',
    jax: '# copy the data set to local disk / RAM once; memory-map preprocessed arrays (np.load(..., mmap_mode="r"))',
  },
  largerBatch: {
    pytorch: 'loader = DataLoader(ds, batch_size=bs * 4, ...)  # scale the learning rate with it (see the batch advice)',
    tensorflow: 'ds = ds.batch(bs * 4)',
    jax: 'batch = next(it)  # with a 4× larger global batch; pjit/shard_map splits it over devices',
  },
  mixedPrecision: {
    pytorch: 'with torch.autocast("cuda", dtype=torch.bfloat16):\n    loss = model(x).loss',
    tensorflow: 'tf.keras.mixed_precision.set_global_policy("mixed_bfloat16")',
    jax: 'params = jax.tree.map(lambda p: p.astype(jnp.bfloat16), params)  # or jmp policies',
  },
  compileGraphs: {
    pytorch: 'model = torch.compile(model, mode="reduce-overhead")  # CUDA graphs: one launch per step',
    tensorflow: '@tf.function(jit_compile=True)\ndef train_step(x, y): ...',
    jax: 'train_step = jax.jit(train_step)  # XLA fuses the step into few kernels',
  },
  keepOnGpu: {
    pytorch: '# move the data set (or its hot part) to the GPU once, index it there:\ndata = data.cuda(); batch = data[idx]',
    tensorflow: 'with tf.device("/GPU:0"):\n    data = tf.constant(array)  # once, not per step',
    jax: 'data = jax.device_put(array)  # once; index on the device',
  },
  pinnedNonBlocking: {
    pytorch: 'loader = DataLoader(ds, ..., pin_memory=True)\nx = x.cuda(non_blocking=True); y = y.cuda(non_blocking=True)',
    tensorflow: 'ds = ds.prefetch(tf.data.AUTOTUNE)  # plus tf.data.experimental.prefetch_to_device("/GPU:0")',
    jax: 'it = flax.jax_utils.prefetch_to_device(it, size=2)',
  },
  fewerSyncs: {
    pytorch: '# each .item(), .cpu(), print(tensor) waits for the GPU; log every N steps instead:\nif step % 100 == 0: print(loss.item())',
    tensorflow: '# avoid .numpy() inside the step; return metrics and read them every N steps',
    jax: '# avoid float(x) / np.asarray(x) per step; jax.block_until_ready only where you time',
  },
  freeIdleMemory: {
    pytorch: 'del model, optimizer; import gc; gc.collect(); torch.cuda.empty_cache()  # or end the notebook kernel',
    tensorflow: 'tf.config.experimental.set_memory_growth(gpu, True)  # TF otherwise holds almost all memory',
    jax: 'XLA_PYTHON_CLIENT_PREALLOCATE=false python ...  # JAX otherwise preallocates 75 % at start',
  },
  checkPowerThermal: {
    any: 'nvidia-smi -q -d PERFORMANCE,POWER,TEMPERATURE   # reasons, limits, temperatures\nnvidia-smi -pl <watts>   # raise a lowered power limit (root; within the board\'s maximum)',
  },
  checkPowerSupply: {
    any: 'nvidia-smi -q -d PERFORMANCE   # "HW Power Brake Slowdown: Active": the brake is asserted from outside the GPU\nipmitool sel list   # the system\'s event log (BMC): power supply and power-capping events',
  },
  reduceMemory: {
    pytorch: 'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py  # less fragmentation\n# or: activation checkpointing (torch.utils.checkpoint), gradient accumulation with a smaller micro-batch\nprint(torch.cuda.memory_summary())  # allocated vs reserved',
    tensorflow: 'tf.config.experimental.set_memory_growth(gpu, True)  # see real use; then a smaller batch or tf.recompute_grad',
    jax: 'XLA_PYTHON_CLIENT_MEM_FRACTION=.9  # or jax.checkpoint (remat) on the heavy blocks',
  },
  balanceRanks: {
    pytorch: 'sampler = DistributedSampler(ds, drop_last=True)  # equal shards and batches per rank\n# give every rank the same loader workers and CPU cores (torchrun --nproc-per-node, numactl)',
    tensorflow: 'strategy = tf.distribute.MirroredStrategy()  # one equal global batch split over replicas',
    jax: '# shard one global batch evenly: jax.make_array_from_process_local_data(sharding, local_batch)',
  },
} as const satisfies Record<string, Fix['code']>;

export type FixId = keyof typeof FIXES;

export function fix(id: FixId): Fix {
  return { key: `diagnose.fix.${id}`, code: { ...FIXES[id] } };
}
