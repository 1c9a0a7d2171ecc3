// Catalog enum values → message keys for `gpus show` and `servers`. `satisfies Record<Enum,
// MessageKey>` makes an enum value added to the catalog schema without its message a compile
// error (a key built from a template string compiled, then failed at run time).

import type { AbsentReason, FormFactor, Segment } from '../../catalog/gpu-enums.js';
import type { MatchConfidence } from '../../catalog/match.js';
import type { GpuInterconnect, ServerCategory, ServerFormFactor } from '../../catalog/servers-schema.js';
import type { GpuLink } from '../../catalog/gpu-schema.js';
import type { MessageKey } from '../../i18n/index.js';

export const ABSENT_REASON_KEYS = {
  unsupported: 'catalog.absent.unsupported',
  'not-published': 'catalog.absent.not-published',
  'not-applicable': 'catalog.absent.not-applicable',
} as const satisfies Record<AbsentReason, MessageKey>;

export const SEGMENT_KEYS = {
  datacenter: 'catalog.segment.datacenter',
  workstation: 'catalog.segment.workstation',
  consumer: 'catalog.segment.consumer',
} as const satisfies Record<Segment, MessageKey>;

export const CONFIDENCE_KEYS = {
  exact: 'catalog.confidence.exact',
  memory: 'catalog.confidence.memory',
  partial: 'catalog.confidence.partial',
} as const satisfies Record<MatchConfidence, MessageKey>;

export const FORM_FACTOR_KEYS = {
  pcie: 'catalog.formFactor.pcie',
  sxm: 'catalog.formFactor.sxm',
  oam: 'catalog.formFactor.oam',
} as const satisfies Record<FormFactor, MessageKey>;

export const LINK_KEYS = {
  nvlink: 'catalog.link.nvlink',
  'nvlink-bridge': 'catalog.link.nvlink-bridge',
  'infinity-fabric': 'catalog.link.infinity-fabric',
  roce: 'catalog.link.roce',
  hccs: 'catalog.link.hccs',
} as const satisfies Record<GpuLink['technology'], MessageKey>;

export const SERVER_CATEGORY_KEYS = {
  server: 'servers.category.server',
  workstation: 'servers.category.workstation',
  'gaming-desktop': 'servers.category.gaming-desktop',
} as const satisfies Record<ServerCategory, MessageKey>;

/** Rack servers say their height ("2U rack"), with a parameter: that message is not in here. */
export const SERVER_FORM_FACTOR_KEYS = {
  tower: 'servers.formFactor.tower',
  desktop: 'servers.formFactor.desktop',
} as const satisfies Record<Exclude<ServerFormFactor['kind'], 'rack'>, MessageKey>;

export const INTERCONNECT_KEYS = {
  nvswitch: 'servers.interconnect.nvswitch',
  nvlink: 'servers.interconnect.nvlink',
  'nvlink-bridge': 'servers.interconnect.nvlink-bridge',
  pcie: 'servers.interconnect.pcie',
} as const satisfies Record<GpuInterconnect, MessageKey>;
