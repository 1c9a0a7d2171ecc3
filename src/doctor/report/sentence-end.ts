// A name the machine cut off ends in "..." (nvidia-smi's table: "NVIDIA GeForce RTX 2080 ...").
// A sentence that ends with such a name must not add its own stop after it: "RTX 2080 ...."
// reads as a typo, "RTX 2080 ...。" as two stops. The ellipsis ends the sentence on its own.

const STOP_AFTER_ELLIPSIS = /(\.\.\.|…)[.。](?=\s|$)/g;

/** The text with a full stop (. or 。) right after an ellipsis at a sentence's end removed. */
export function withoutStopAfterEllipsis(text: string): string {
  return text.replace(STOP_AFTER_ELLIPSIS, '$1');
}
