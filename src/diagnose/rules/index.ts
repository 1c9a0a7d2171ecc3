// Every rule, one per file. A rule reads the cleaned context and returns its findings (none when
// its cause is not there): it never reports a problem it has no evidence for.

import type { AnalysisContext } from '../analyze/context.js';
import type { Finding } from '../types.js';

export type Rule = (ctx: AnalysisContext) => Finding[];

export const RULES: readonly Rule[] = [];
