// `--config FILE`: read a Hugging Face config.json from disk (never from the network) and turn it
// into the model shape the estimator takes. The file is size-checked before it is read and parsed
// as JSON (a syntax error said by the line and column where it breaks); its content is validated
// field by field (hf-config.ts), so a hostile or broken file ends as a usage error naming the file
// and the field, in the reader's language, never a crash.

import { readFileSync, statSync } from 'node:fs';
import { AdvisorError } from '../../advisor/errors.js';
import { configJsonError, configNotFileError, configReadError } from '../../advisor/estimate/config-errors.js';
import { architectureFromHfConfig } from '../../advisor/estimate/hf-config.js';
import type { ArchitectureModelInput } from '../../advisor/estimate/types.js';
import { safeText } from '../../core/safe-text.js';
import type { ModelOptions } from './advisor-options.js';

/** Real config.json files are 1–10 KB; anything this big is not one. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export function modelFromConfigFile(path: string, options: ModelOptions): ArchitectureModelInput {
  if (options.model !== undefined || options.params !== undefined) throw new AdvisorError('advisor.error.configAndModel');
  const label = safeText(path);
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch (error) {
    throw configReadError(label, error);
  }
  if (!stat.isFile()) throw configNotFileError(label);
  const size = stat.size;
  if (size > MAX_CONFIG_BYTES) throw new AdvisorError('advisor.error.configTooLarge', { path: label, size, limit: MAX_CONFIG_BYTES });
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw configReadError(label, error);
  }
  let raw: unknown;
  const json = text.replace(/^\uFEFF/, '');
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw configJsonError(label, json, error);
  }
  const { name, architecture } = architectureFromHfConfig(raw, label);
  return { name, architecture, sources: [`config.json: ${label}`] };
}
