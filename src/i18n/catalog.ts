// Every domain's messages, merged. Add a domain: write messages/<domain>.ts and list it here.

import type { MessageSet } from './define.js';
import advisor from './messages/advisor.js';
import advisorCli from './messages/advisor-cli.js';
import advisorPlan from './messages/advisor-plan.js';
import advisorImages from './messages/advisor-images.js';
import catalog from './messages/catalog.js';
import cli from './messages/cli.js';
import common from './messages/common.js';
import doctor from './messages/doctor.js';
import doctorDetails from './messages/doctor-details.js';
import doctorReport from './messages/doctor-report.js';
import doctorStack from './messages/doctor-stack.js';
import fields from './messages/fields.js';
import host from './messages/host.js';
import info from './messages/info.js';
import pci from './messages/pci.js';
import pick from './messages/pick.js';
import gpuNames from './messages/gpu-names.js';
import optionValues from './messages/option-values.js';
import costNotes from './messages/cost-notes.js';
import servers from './messages/servers.js';
import top from './messages/top.js';
import serve from './messages/serve.js';
import store from './messages/store.js';
import events from './messages/events.js';
import metrics from './messages/metrics.js';
import web from './messages/web.js';
import webAdvice from './messages/web-advice.js';
import webHistory from './messages/web-history.js';
import problems from './messages/problems.js';
import infoDetail from './messages/info-detail.js';
import enumValues from './messages/enum-values.js';
import diagnose from './messages/diagnose.js';
import diagnoseCli from './messages/diagnose-cli.js';
import importMessages from './messages/import.js';
import doctorFrom from './messages/doctor-from.js';
import guide from './messages/guide.js';
import vendors from './messages/vendors.js';
import fleet from './messages/fleet.js';
import webFleet from './messages/web-fleet.js';
import run from './messages/run.js';

const DOMAINS = [common, cli, advisor, advisorCli, advisorPlan, advisorImages, host, info, pci, servers, doctor, doctorStack, doctorDetails, doctorReport, catalog, fields, top, serve, store, events, metrics, web, webAdvice, webHistory, problems, infoDetail, enumValues, importMessages, doctorFrom, guide, pick, gpuNames, optionValues, costNotes, vendors, diagnose, fleet, webFleet, diagnoseCli, run] as const;

type KeysOf<T> = T extends MessageSet<infer K> ? K : never;
export type MessageKey = KeysOf<(typeof DOMAINS)[number]>;

function merge(locale: 'en' | 'zh-CN'): Record<MessageKey, string> {
  const merged: Record<string, string> = {};
  for (const domain of DOMAINS) {
    for (const [key, text] of Object.entries(domain[locale])) {
      if (key in merged) throw new Error(`i18n: message key ${key} is defined twice`);
      merged[key] = text;
    }
  }
  return merged as Record<MessageKey, string>;
}

export const CATALOG = { en: merge('en'), 'zh-CN': merge('zh-CN') } as const;

/** The text of `key` in `locale`, or undefined. The bundle replaces this module with one that
 * loads each domain on first use (scripts/build-catalog.mjs): look texts up through this. */
export function messageText(locale: keyof typeof CATALOG, key: string): string | undefined {
  const texts: Readonly<Record<string, string>> = CATALOG[locale];
  return Object.hasOwn(texts, key) ? texts[key] : undefined;
}
