// Why a value is null. Renderers print N/A and may explain; /metrics omits the series.

export type UnavailableReason =
  /** The GPU or driver says it has no such value (NVML_ERROR_NOT_SUPPORTED, nvidia-smi "[Not Supported]"). */
  | 'not-supported'
  /** The driver's library lacks the function (an older driver). */
  | 'symbol-missing'
  | 'no-permission'
  /** The GPU stopped answering. */
  | 'gpu-lost'
  /** The backend gave no value ("[N/A]", an empty field, a column the driver does not print). */
  | 'not-reported'
  | 'timeout'
  /** The backend gave a number no real GPU can have (a sentinel such as 0xFFFFFFFF, garbage). */
  | 'out-of-range'
  /** A rate or a share of time needs two readings; this is the first. */
  | 'first-sample'
  /** Any other failure; the snapshot's problems say more. */
  | 'error';

export type UnavailableMap<Field extends string> = Partial<Record<Field, UnavailableReason>>;
