// Tools some tests need from the system (Debian's prometheus package gives prometheus and
// promtool; .ci/run installs it). Off CI, a missing tool skips those tests, and the test names
// say which tool and how to get it. On CI (CI set), a missing tool fails at load: a skip there
// would hide that the real checks never ran.

import { existsSync } from 'node:fs';

export function requiredTool(name: string, install: string): { path: string | null; skipReason: string } {
  const path = [`/usr/bin/${name}`, `/usr/local/bin/${name}`].find((candidate) => existsSync(candidate)) ?? null;
  if (path === null && process.env.CI) throw new Error(`${name} is missing on CI: ${install}`);
  return { path, skipReason: path === null ? ` (skipped: ${name} is not installed; ${install})` : '' };
}
