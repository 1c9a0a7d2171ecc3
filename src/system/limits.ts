// What one machine can have, in one place. Tool output that claims more is not a machine but a
// broken or hostile tool, and the parsers bound what they accept by these figures so that a
// runaway output costs a problem entry, not the stack or the heap.

/**
 * GPUs one operating system can see. The densest real nodes: 8–16 in HGX/DGX boards, 20 in
 * 4U PCIe servers, 32–64 in composable PCIe-fabric nodes (GigaIO SuperNODE). NVL72 racks are 18
 * nodes of 4. 256 leaves room for all of them; 125,000 rows is garbage.
 */
export const MAX_GPUS_PER_MACHINE = 256;

/**
 * Processes one GPU can hold. Each needs its own CUDA context (≥ ~200 MB even with lazy module
 * loading), so a 141 GB H200 fits about 700; MPS caps clients at 48–60 per GPU. 1024 is above both.
 */
export const MAX_PROCESSES_PER_GPU = 1024;

/**
 * GPU processes one machine can hold: 16 GPUs each full, or a 64-GPU node with 48 MPS clients on
 * every GPU (3,072), with room to spare. Also far below the ~120,000 arguments a spread call
 * (Math.max(...list)) can take, should one slip into a renderer.
 */
export const MAX_GPU_PROCESSES_PER_MACHINE = 16 * MAX_PROCESSES_PER_GPU;

/**
 * Display and accelerator functions on one PCI bus: every GPU with its SR-IOV virtual functions
 * (an A100 exposes up to 20, an MI300X 8) plus BMC and virtual screens.
 */
export const MAX_PCI_DISPLAY_FUNCTIONS = 256 * 32;

/** Output kept from one run of a tool (exec.ts); past it the run is marked truncated. Far above any real nvidia-smi or lspci answer. */
export const MAX_TOOL_OUTPUT_BYTES = 16 * 1024 * 1024;

/** Longest technical detail kept from a tool's own message (stderr, an unreadable line). */
export const MAX_DETAIL_CHARS = 500;

/** The first `max` UTF-16 units of `text`, one fewer when that would split a surrogate pair. */
function cut(text: string, max: number): string {
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * `text` trimmed and cut to `max` characters (then "…"): the detail of a problem is for a
 * person, and a 16 MB stderr is not.
 */
export function shortenDetail(text: string, max: number = MAX_DETAIL_CHARS): string {
  const trimmed = text.trim();
  return trimmed.length <= max ? trimmed : `${cut(trimmed, max).trimEnd()}…`;
}

/** A value for a problem message: JSON-quoted and cut, so one huge cell cannot make a huge message. */
export function quoteForDetail(value: string, max = 80): string {
  if (value.length <= max) return JSON.stringify(value);
  return `${JSON.stringify(cut(value, max))}… (${value.length} characters)`;
}
