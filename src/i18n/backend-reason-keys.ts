// The message key of each reason a backend did not open: shared by the CLI's renderers
// (cli/render/reasons.ts) and the doctor (doctor/checks/backend-reason.ts), which sit on different
// layers. `satisfies` makes a new code without its message a compile error.
import type { BackendUnavailableCode } from '../core/backend.js';
import type { MessageKey } from './catalog.js';

export const BACKEND_REASON_KEYS = {
  'library-not-found': 'info.reason.library-not-found',
  'init-failed': 'info.reason.init-failed',
  'command-not-found': 'info.reason.command-not-found',
  'command-failed': 'info.reason.command-failed',
  timeout: 'info.reason.timeout',
  'unsupported-platform': 'info.reason.unsupported-platform',
  'driver-not-loaded': 'info.reason.driver-not-loaded',
  'no-permission': 'info.reason.no-permission',
  error: 'info.reason.error',
} as const satisfies Record<BackendUnavailableCode, MessageKey>;
