// What the doctor shows comes partly from the machine: paths, versions, probe output, a Python
// error, os-release's PRETTY_NAME. Our message templates are trusted; their parameters are not.
// Every renderer (text, guide, fix script) translates through this, so a parameter's escape
// sequences and line breaks are shown escaped, never acted on.

import { safeText } from '../../core/safe-text.js';
import type { MessageParams, Translate } from '../../i18n/index.js';
import { withoutStopAfterEllipsis } from './sentence-end.js';

function safeParams(params: MessageParams | undefined): MessageParams | undefined {
  if (params === undefined) return undefined;
  const out: MessageParams = {};
  for (const [name, value] of Object.entries(params)) out[name] = typeof value === 'string' ? safeText(value) : value;
  return out;
}

/** `t` with every string parameter passed through `safeText` first (and no stop after a cut-off name's "..."). */
export function safeTranslator(t: Translate): Translate {
  return (key, params) => withoutStopAfterEllipsis(t(key, safeParams(params)));
}
