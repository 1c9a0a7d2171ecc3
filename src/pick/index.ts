// `gpuwise pick` as a library: which GPUs (or MIG instances) are free, best first.
export { DEFAULT_MAX_UTIL_PERCENT, formatVisibleDevices, pickGpus } from './pick.js';
export type { PickedGpu, PickOptions, PickReason, PickResult, RejectedGpu } from './pick.js';
export { DEFAULT_PICK_WINDOW_MS, pickFreeGpus } from './free.js';
export type { PickFreeOptions, PickFreeResult } from './free.js';
export { claimKeyOf, createClaimStore, PICK_CLAIM_MS } from './claims.js';
export type { ClaimOwner, ClaimResult, ClaimStore, ClaimStoreOptions, GpuClaim } from './claims.js';
export { claimsDir, ClaimsFolderError, openClaims } from './claims-folder.js';
