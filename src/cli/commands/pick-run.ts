// The work behind `gpuwise pick`: watch the GPUs for a moment, pick, and print only the list on
// stdout. Exit codes: 0 enough GPUs are free, 1 fewer than asked (or no GPU readable).

import { toSafeJson } from '../../core/safe-text.js';
import type { Snapshot } from '../../core/snapshot.js';
import { isMessageKey, type Translate } from '../../i18n/index.js';
import { formatVisibleDevices, pickFreeGpus, type PickReason, type PickResult, type RejectedGpu } from '../../pick/index.js';
import { cudaOrderMayDiffer } from '../../pick/order.js';
import type { CliContext } from '../context.js';
import { driverDidNotAnswer } from '../render/no-gpu.js';
import { reasonText } from '../render/reasons.js';
import { safeLine } from '../render/safe-view.js';
import type { PickCommandOptions } from './pick.js';

export async function runPick(cli: CliContext, options: PickCommandOptions): Promise<number> {
  const result = await pickFreeGpus({
    count: options.count,
    minFreeMemoryBytes: options.minFreeMemory,
    maxUtilPercent: options.maxUtil,
    allowProcesses: options.allowProcesses === true,
    includeMig: options.mig !== false,
    windowMs: options.window,
    sessionOptions: { backend: options.backend },
  });
  const visible = formatVisibleDevices(result, options.uuid === true ? 'uuid' : 'index');
  const noGpu = noGpuDetail(cli.t, result.lastSnapshot);
  if (options.json) {
    cli.out(`${toSafeJson(jsonOf(cli.t, result, visible, noGpu), 2)}\n`);
  } else if (result.enough) {
    cli.out(`${visible}\n`);
  }
  if (noGpu !== null) {
    if (!options.json) cli.err(`${noGpu}\n`);
    return 1;
  }
  if (!result.enough) {
    if (!options.json) cli.err(notEnoughText(cli, result));
    return 1;
  }
  if (!options.json && result.picked.filter((gpu) => gpu.migUuid != null).length > 1) cli.err(`${cli.color.dim(cli.t('pick.migNote'))}\n`);
  const indices = options.uuid !== true && result.picked.some((gpu) => gpu.migUuid == null);
  if (!options.json && indices && cudaOrderMayDiffer(result.lastSnapshot, cli.env)) cli.err(`${cli.color.yellow(cli.t('pick.orderNote'))}\n`);
  return 0;
}

/** Why there is nothing to pick from at all (no backend opened, or it sees no GPU); null when there is a GPU. */
function noGpuDetail(t: Translate, snapshot: Snapshot | null): string | null {
  if (snapshot !== null && snapshot.devices.length > 0) return null;
  // A driver that did not answer is not "no GPU": say so, as info does.
  if (snapshot !== null && driverDidNotAnswer(snapshot)) return t('info.noGpu.noAnswer');
  const failed = (snapshot?.backendAttempts ?? []).filter((attempt) => !attempt.ok);
  // The bus scan opening with no GPU is no answer either: what was tried before it still says why.
  if (failed.length === 0) return t('info.noGpu.title');
  return t('pick.noGpu', { detail: failed.map((attempt) => `${attempt.backend}: ${reasonText(attempt.code, t, attempt.backend)}`).join(t('pick.reasonSeparator')) });
}

export function reasonsText(t: Translate, reasons: readonly PickReason[]): string {
  return reasons.map((reason) => (isMessageKey(reason.key) ? t(reason.key, reason.params) : reason.key)).join(t('pick.reasonSeparator'));
}

function unitText(t: Translate, unit: RejectedGpu): string {
  if (unit.migUuid !== undefined) return t('pick.unit.mig', { index: unit.index, migIndex: unit.migIndex ?? '?', uuid: unit.migUuid ?? '' }).trimEnd();
  return t('pick.unit.gpu', { index: unit.index });
}

/** "Not free:" and a line per GPU or MIG instance with why; nothing when none was turned down. */
export function rejectedLines(t: Translate, rejected: readonly RejectedGpu[]): string[] {
  if (rejected.length === 0) return [];
  return [t('pick.rejected'), ...rejected.map((unit) => safeLine(t('pick.rejectedLine', { unit: unitText(t, unit), name: unit.name ?? '?', reasons: reasonsText(t, unit.reasons) })))];
}

/** The reasons --max-util, --min-free-memory and --allow-processes can lift. */
const RULE_REASONS = new Set(['pick.reason.processes', 'pick.reason.util', 'pick.reason.memory', 'pick.reason.freeUnknown']);

export function notEnoughText(cli: CliContext, result: PickResult): string {
  const { t } = cli;
  // "none is free", not "only 0 … are free".
  const free = result.picked.length;
  const headline = free === 0 ? t('pick.noneFree', { asked: result.asked }) : t('pick.notEnough', { free, asked: result.asked });
  const lines = [headline, ...rejectedLines(t, result.rejected)];
  // Loosening the rules frees only a GPU that a rule turned down, not one that cannot be read.
  if (result.rejected.some((unit) => unit.reasons.some((reason) => RULE_REASONS.has(reason.key)))) lines.push(cli.color.dim(t('pick.hint')));
  return `${lines.join('\n')}\n`;
}

function jsonOf(t: Translate, result: PickResult, visible: string, noGpu: string | null) {
  return {
    enough: result.enough && noGpu === null,
    asked: result.asked,
    visibleDevices: result.enough ? visible : null,
    picked: result.picked,
    rejected: result.rejected.map((unit) => ({ ...unit, reasons: unit.reasons.map((reason) => ({ ...reason, text: reasonsText(t, [reason]) })) })),
    spare: result.spare ?? 0,
    snapshots: result.snapshots ?? 0,
    noGpu,
  };
}
