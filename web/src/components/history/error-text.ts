// An API error as a sentence: the server's own message is already in the page's language; the
// client's (no answer, an unreadable one) are translated here.
import { safeText } from '../../../../src/core/safe-text.js';
import type { ApiError } from '../../api/index.js';
import type { WebTranslate } from '../../app/i18n.js';

export function errorText(error: ApiError, t: WebTranslate): string {
  if (error.key === 'client.network') return t('web.history.error.network', { message: error.message });
  if (error.key === 'client.badAnswer') return t('web.history.error.badAnswer', { message: error.message });
  // It may quote what it was asked (a device key from the URL): shown escaped, as any outside text.
  return safeText(error.message);
}
