// All server entries and the sources they cite, in the shape `serverCatalogSchema` validates.

import type { CatalogSource, ServerEntryInput } from '../../servers-schema.js';
import { CURRENT_8GPU_SERVERS } from './current-8gpu.js';
import { DELL_HPE_LENOVO_SERVERS } from './dell-hpe-lenovo.js';
import { NVIDIA_DGX_SERVERS } from './nvidia-dgx.js';
import { OTHER_VENDOR_SERVERS } from './other-vendors.js';
import { CURRENT_SERVER_SOURCES } from './sources-current.js';
import { SERVER_SOURCES } from './sources.js';

export const SERVER_CATALOG_DATA: { sources: CatalogSource[]; servers: ServerEntryInput[] } = {
  sources: [...SERVER_SOURCES, ...CURRENT_SERVER_SOURCES],
  servers: [...NVIDIA_DGX_SERVERS, ...CURRENT_8GPU_SERVERS, ...DELL_HPE_LENOVO_SERVERS, ...OTHER_VENDOR_SERVERS],
};
