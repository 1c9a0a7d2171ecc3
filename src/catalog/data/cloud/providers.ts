// Each cloud provider's name as a reader knows it, in en and zh-CN. The id (`suanjia-cloud`) stays
// in --json; text shows the name. A Chinese provider is written in Chinese in zh-CN and by its
// Latin brand with the Chinese name in en ("Matpool (矩池云)"), so a reader of either can find it.
// `site` is the provider's own site, whose brand the name follows; `namedIn` is the catalog
// source that names it so, where one does (the CNY price index's "platform" column gives the
// Chinese names: 算家云, 优云智算, 恒源云, 矩池云). Providers with no offering yet cite none.

import type { CloudProvider } from '../../cloud-schema.js';
import type { LocalizedText, SourceRef } from '../../gpu-schema.js';
import { text } from '../cite.js';

export interface CloudProviderInfo {
  name: LocalizedText;
  site: string;
  namedIn: SourceRef | null;
}

const cnyIndex: SourceRef = { source: 'gpu-price-index-cny', at: 'platform column' };
const awsPage: SourceRef = { source: 'aws-capacity-blocks-pricing' };
const latin = (name: string, site: string, namedIn: SourceRef | null = null): CloudProviderInfo => ({ name: text(name, name), site, namedIn });
const chinese = (en: string, zh: string, site: string, namedIn: SourceRef | null = null): CloudProviderInfo => ({ name: text(en, zh), site, namedIn });

export const CLOUD_PROVIDER_INFO: Record<CloudProvider, CloudProviderInfo> = {
  aws: latin('AWS', 'https://aws.amazon.com/', awsPage),
  'google-cloud': latin('Google Cloud', 'https://cloud.google.com/', { source: 'cyclenerd-gcp-pricing-2025-03' }),
  azure: latin('Microsoft Azure', 'https://azure.microsoft.com/', { source: 'datareceipts-hyperscaler-gpu-prices' }),
  lambda: latin('Lambda', 'https://lambda.ai/', { source: 'techbytes-gpu-pricing-2026' }),
  runpod: latin('RunPod', 'https://www.runpod.io/', { source: 'datareceipts-neocloud-gpu-prices' }),
  coreweave: latin('CoreWeave', 'https://www.coreweave.com/'),
  'vast-ai': latin('Vast.ai', 'https://vast.ai/'),
  'alibaba-cloud': chinese('Alibaba Cloud (阿里云)', '阿里云', 'https://www.aliyun.com/'),
  'tencent-cloud': chinese('Tencent Cloud (腾讯云)', '腾讯云', 'https://cloud.tencent.com/'),
  'huawei-cloud': chinese('Huawei Cloud (华为云)', '华为云', 'https://www.huaweicloud.com/'),
  'baidu-cloud': chinese('Baidu AI Cloud (百度智能云)', '百度智能云', 'https://cloud.baidu.com/'),
  volcengine: chinese('Volcano Engine (火山引擎)', '火山引擎', 'https://www.volcengine.com/'),
  autodl: latin('AutoDL', 'https://www.autodl.com/'),
  featurize: latin('Featurize', 'https://featurize.cn/'),
  gpushare: chinese('GPUShare (恒源云)', '恒源云', 'https://www.gpushare.com/', cnyIndex),
  'suanjia-cloud': chinese('Suanjia Cloud (算家云)', '算家云', 'https://www.suanjiayun.com/', cnyIndex),
  'ucloud-compshare': chinese('UCloud Compshare (优云智算)', '优云智算', 'https://www.compshare.cn/', cnyIndex),
  matpool: chinese('Matpool (矩池云)', '矩池云', 'https://matpool.com/', cnyIndex),
};
