// The work behind `gpuwise pick`: watch the GPUs for a moment, pick, and print only the list on
// stdout. Exit codes: 0 enough GPUs are free, 1 fewer than asked (or no GPU readable).

import { isSafeText, safeText, toSafeJson } from '../../core/safe-text.js';
import type { Snapshot } from '../../core/snapshot.js';
import { isMessageKey, type MessageKey, type Translate } from '../../i18n/index.js';
import { ClaimsFolderError, formatVisibleDevices, openClaims, pickFreeGpus, PICK_CLAIM_MS, type ClaimStore, type PickedGpu, type PickReason, type PickResult, type RejectedGpu } from '../../pick/index.js';
import { cudaOrderMayDiffer } from '../../pick/order.js';
import type { CliContext } from '../context.js';
import { driverDidNotAnswer } from '../render/no-gpu.js';
import { reasonText } from '../render/reasons.js';
import { safeLine } from '../render/safe-view.js';
import type { PickCommandOptions } from './pick.js';

export async function runPick(cli: CliContext, options: PickCommandOptions): Promise<number> {
  // A pick looked at on a terminal is a look; one whose output a script takes is about to start a
  // job there (docs/pick.md "Claims"). Others' claims are honoured either way.
  const claiming = options.claim !== false && !cli.stdoutIsTTY;
  let store: ClaimStore | null = null;
  let claimProblem: string | null = null;
  try {
    store = openClaims(cli.env);
  } catch (error) {
    claimProblem = claimProblemText(cli.t, error);
  }
  const result = await pickFreeGpus({
    count: options.count,
    minFreeMemoryBytes: options.minFreeMemory,
    maxUtilPercent: options.maxUtil,
    allowProcesses: options.allowProcesses === true,
    includeMig: options.mig !== false,
    windowMs: options.window,
    sessionOptions: { backend: options.backend },
    ...(store !== null && { claiming: { store, claimAs: claiming ? { by: 'pick', ttlMs: PICK_CLAIM_MS } : null } }),
  });
  if (result.claimError !== null) claimProblem = claimProblemText(cli.t, result.claimError);
  const form = options.uuid === true ? 'uuid' : 'index';
  const unprintable = result.enough ? result.picked.find((gpu) => !printableId(gpu, form)) : undefined;
  if (unprintable !== undefined) {
    store?.release(result.claimed);
    if (options.json) cli.out(`${toSafeJson(jsonOf(cli.t, { ...result, enough: false }, '', null), 2)}\n`);
    cli.err(`${cli.t('pick.badUuid', { index: unprintable.index, uuid: safeText(unprintable.migUuid ?? unprintable.uuid ?? '') })}\n`);
    return 1;
  }
  const visible = formatVisibleDevices(result, form);
  const noGpu = noGpuDetail(cli.t, result.lastSnapshot);
  if (result.enough && noGpu === null && claiming && claimProblem !== null && !options.json) cli.err(`${cli.color.dim(cli.t('pick.claimSkipped', { detail: claimProblem }))}\n`);
  if (options.json) {
    cli.out(`${toSafeJson(jsonOf(cli.t, result, visible, noGpu), 2)}\n`);
  } else if (result.enough) {
    cli.out(`${visible}\n`);
  }
  if (noGpu !== null) {
    if (!options.json) cli.err(`${noGpu.text}\n`);
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

/**
 * Whether the unit can be printed for CUDA_VISIBLE_DEVICES as it is: a UUID (always for a MIG
 * instance) with a control, bidi or blank character or a comma is not one CUDA takes, and raw it
 * would reach the terminal or the shell's variable. Indices always print.
 */
function printableId(gpu: PickedGpu, form: 'index' | 'uuid'): boolean {
  const id = gpu.migUuid ?? (form === 'uuid' ? gpu.uuid : null);
  return id === null || (isSafeText(id) && !/[\s,]/.test(id));
}

/** Why the GPUs are not claimed, in the reader's language where it is gpuwise's own reason. */
export function claimProblemText(t: Translate, error: unknown): string {
  if (error instanceof ClaimsFolderError) return t('pick.claimsNotPrivate', { dir: safeText(error.dir) });
  return safeText(error instanceof Error ? error.message : String(error));
}

/** Why there is nothing to pick from at all, as a reason (no backend opened, or it sees no GPU); null when there is a GPU. */
function noGpuDetail(t: Translate, snapshot: Snapshot | null): NoGpu | null {
  if (snapshot !== null && snapshot.devices.length > 0) return null;
  const said = (key: MessageKey, params: Record<string, string | number> = {}): NoGpu => ({ key, params, text: t(key, params) });
  // A driver that did not answer is not "no GPU": say so, as info does.
  if (snapshot !== null && driverDidNotAnswer(snapshot)) return said('info.noGpu.noAnswer');
  const failed = (snapshot?.backendAttempts ?? []).filter((attempt) => !attempt.ok);
  // The bus scan opening with no GPU is no answer either: what was tried before it still says why.
  if (failed.length === 0) return said('info.noGpu.title');
  return said('pick.noGpu', { detail: failed.map((attempt) => `${attempt.backend}: ${reasonText(attempt.code, t, attempt.backend)}`).join(t('pick.reasonSeparator')) });
}

export function reasonsText(t: Translate, reasons: readonly PickReason[]): string {
  return reasons.map((reason) => (isMessageKey(reason.key) ? t(reason.key, reason.params) : reason.key)).join(t('pick.reasonSeparator'));
}

function unitText(t: Translate, unit: RejectedGpu): string {
  if (unit.migUuid !== undefined) return t('pick.unit.mig', { index: unit.index, migIndex: unit.migIndex ?? '?', uuid: safeText(unit.migUuid ?? '') }).trimEnd();
  return t('pick.unit.gpu', { index: unit.index });
}

/**
 * "Not free:" and a line per GPU or MIG instance with why; nothing when none was turned down.
 * The driver's strings are escaped one by one (a CR/LF in a name shown as \r\n, not folded into a
 * space), so the line keeps its indent.
 */
export function rejectedLines(t: Translate, rejected: readonly RejectedGpu[]): string[] {
  if (rejected.length === 0) return [];
  return [t('pick.rejected'), ...rejected.map((unit) => t('pick.rejectedLine', { unit: unitText(t, unit), name: safeText(unit.name ?? '?'), reasons: safeLine(reasonsText(t, unit.reasons)) }))];
}

/** The reasons --max-util, --min-free-memory and --allow-processes can lift. */
const RULE_REASONS = new Set(['pick.reason.processes', 'pick.reason.util', 'pick.reason.utilUnknown', 'pick.reason.memory', 'pick.reason.freeUnknown', 'pick.reason.claimed']);

export function notEnoughText(cli: CliContext, result: PickResult): string {
  const { t } = cli;
  // "none is free", not "only 0 … are free".
  const free = result.picked.length;
  const headline = free === 0 ? t('pick.noneFree', { asked: result.asked }) : t('pick.notEnough', { free, asked: result.asked });
  const lines = [headline, ...rejectedLines(t, result.rejected)];
  // Loosening the rules frees only a GPU that a rule turned down, not one that cannot be read.
  if (result.rejected.some((unit) => unit.reasons.some((reason) => RULE_REASONS.has(reason.key)))) lines.push(cli.color.dim(t('pick.hint')));
  if (result.rejected.some((unit) => unit.reasons.some((reason) => reason.key === 'pick.reason.claimed'))) lines.push(cli.color.dim(t('pick.claimedHint')));
  return `${lines.join('\n')}\n`;
}

/** Why no GPU can be read, in --json as every reason is: its key, its parameters, and the text. */
interface NoGpu {
  key: MessageKey;
  params: Record<string, string | number>;
  text: string;
}

function jsonOf(t: Translate, result: PickResult, visible: string, noGpu: NoGpu | null) {
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
