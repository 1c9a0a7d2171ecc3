// Cloud providers' names for text: `cloudProviderName('matpool', 'zh-CN')` is 矩池云. Text a
// reader sees names the provider; --json keeps the id (and may add the name beside it).

import type { Locale } from '../i18n/locale.js';
import { CLOUD_PROVIDERS, type CloudProvider } from './cloud-schema.js';
import { CLOUD_PROVIDER_INFO, type CloudProviderInfo } from './data/cloud/providers.js';

export { CLOUD_PROVIDER_INFO, type CloudProviderInfo };

export function isCloudProvider(value: string): value is CloudProvider {
  return (CLOUD_PROVIDERS as readonly string[]).includes(value);
}

/** The provider's name in `locale`; a string that is no provider id is returned as it is. */
export function cloudProviderName(provider: string, locale: Locale): string {
  return isCloudProvider(provider) ? CLOUD_PROVIDER_INFO[provider].name[locale] : provider;
}
