import { describe, expect, it } from 'vitest';
import { CLOUD_PROVIDERS, CLOUD_PROVIDER_INFO, cloudProviderName, loadCloudCatalog } from './cloud.js';

const HAN = /[\u4e00-\u9fff]/;

describe('cloud providers by name', () => {
  it('names every provider in en and zh-CN; a Chinese one in Chinese, in en with its Latin brand and the Chinese name', () => {
    for (const provider of CLOUD_PROVIDERS) {
      const { name } = CLOUD_PROVIDER_INFO[provider];
      expect(name.en, provider).not.toBe(provider);
      if (HAN.test(name['zh-CN'])) {
        expect(name['zh-CN'], provider).not.toMatch(/[A-Za-z]/);
        expect(name.en, provider).toMatch(new RegExp(`^[A-Za-z][\\w .]+ \\(${name['zh-CN']}\\)$`));
      } else expect(name.en, provider).toBe(name['zh-CN']);
    }
    expect(cloudProviderName('matpool', 'zh-CN')).toBe('矩池云');
    expect(cloudProviderName('matpool', 'en')).toBe('Matpool (矩池云)');
    expect(cloudProviderName('suanjia-cloud', 'zh-CN')).toBe('算家云');
    expect(cloudProviderName('ucloud-compshare', 'en')).toBe('UCloud Compshare (优云智算)');
    expect(cloudProviderName('gpushare', 'zh-CN')).toBe('恒源云');
    expect(cloudProviderName('google-cloud', 'en')).toBe('Google Cloud');
  });

  it('returns a string that is no provider id unchanged (an older record, a test rental)', () => {
    expect(cloudProviderName('some-new-cloud', 'en')).toBe('some-new-cloud');
    expect(cloudProviderName('', 'zh-CN')).toBe('');
  });

  it('cites for a name a source the catalog lists and that provider\'s own offerings cite; a provider with offerings cites one', () => {
    const catalog = loadCloudCatalog();
    const sources = new Set(catalog.sources.map((s) => s.id));
    for (const provider of CLOUD_PROVIDERS) {
      const { namedIn, site } = CLOUD_PROVIDER_INFO[provider];
      expect(site, provider).toMatch(/^https:\/\/[a-z0-9.-]+\/$/);
      const cited = new Set(catalog.offerings.filter((o) => o.provider === provider).flatMap((o) => JSON.stringify(o).match(/"source":"[^"]+"/g) ?? []).map((m) => m.slice(10, -1)));
      if (namedIn === null) expect(cited.size, `${provider} has offerings: cite where its name is read`).toBe(0);
      else {
        expect(sources.has(namedIn.source), provider).toBe(true);
        expect(cited.has(namedIn.source), provider).toBe(true);
      }
    }
  });
});
