// All cloud offerings and the sources they cite, in the shape `cloudCatalogSchema` validates.

import type { CloudOfferingInput } from '../../cloud-schema.js';
import type { CatalogSource } from '../../servers-schema.js';
import { AWS_OFFERINGS } from './aws.js';
import { CHINA_RENTAL_OFFERINGS } from './china-rental.js';
import { GCP_A3_OFFERINGS } from './gcp-a3.js';
import { HYPERSCALER_2026_OFFERINGS } from './hyperscalers-2026.js';
import { LAMBDA_OFFERINGS } from './lambda.js';
import { RUNPOD_AZURE_2026_11_OFFERINGS } from './runpod-azure-2026-11.js';
import { CLOUD_SOURCES } from './sources.js';

export const CLOUD_CATALOG_DATA: { sources: CatalogSource[]; offerings: CloudOfferingInput[] } = {
  sources: CLOUD_SOURCES,
  offerings: [...AWS_OFFERINGS, ...LAMBDA_OFFERINGS, ...HYPERSCALER_2026_OFFERINGS, ...RUNPOD_AZURE_2026_11_OFFERINGS, ...GCP_A3_OFFERINGS, ...CHINA_RENTAL_OFFERINGS],
};
