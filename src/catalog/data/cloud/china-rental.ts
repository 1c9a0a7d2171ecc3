// Hourly GPU rental in China, in CNY, as a price index recorded it: the cheapest platform per GPU
// on the day it was read (rental sites change prices daily; the 30-day range is in the notes).
// Alibaba Cloud (gn7i/gn7e/ebmgn8v), Tencent Cloud and AutoDL list prices were not in any stored
// page we could cite, searched again in 2026-12: their price pages render with scripts, their price
// APIs need an account, and the blog tables found were undated or converted to USD. They are left
// out rather than guessed (searched once more on 2026-12-01: AutoDL's and Alibaba's price pages and
// PAI's billing docs show no prices without the console, Tencent's GPU billing doc says to log in to
// see prices, CSDN/juejin/yunthe.com comparisons carry no dated per-GPU figure, and one Chinese
// summary gives Alibaba gn7i only in USD "as of 2023Q3").
// The index's T4 row ("T4 16GB | 1.35 | 矩池云 | 1.35 | 1.35", re-read 2026-12-01) is 矩池云 / Matpool.
// The index's "A800 80GB" row (5.15 CNY/h at 晨涧云) does not say
// SXM or PCIe, so it is not attached to either entry.

import { cite, text } from '../cite.js';
import { notSourced } from '../../servers-schema.js';
import type { CloudOfferingInput } from '../../cloud-schema.js';

const index = cite('gpu-price-index-cny', 'row by GPU: price_cny_per_hour, platform, min_30d, max_30d');

const none = { reserved1y: notSourced(), reserved3y: notSourced(), capacityBlock: notSourced() } as const;
const rentalNote = text(
  'Hourly rental of one GPU in a shared host (container or VM), pay-as-you-go; the index\'s reading in 2026, the date the page does not give more precisely.',
  '共享主机中单张 GPU 的按小时租用（容器或虚拟机），按量计费；为该指数 2026 年的读数，页面未给出更精确的日期。',
);

function offer(id: string, provider: CloudOfferingInput['provider'], instanceType: string, gpuId: string, cny: number, range: string): CloudOfferingInput {
  const rangeNote = text(`30-day range ${range} CNY per hour.`, `30 天区间 ${range} 元/小时。`);
  return {
    id,
    provider,
    instanceType,
    region: text('China (mainland)', '中国大陆'),
    gpuId,
    gpuCount: 1,
    perHour: { onDemand: index(cny, rangeNote), ...none },
    currency: 'CNY',
    rental: true,
    asOf: '2026',
    notes: [rentalNote],
  };
}

export const CHINA_RENTAL_OFFERINGS: CloudOfferingInput[] = [
  offer('suanjia-1x-rtx-4090-2026', 'suanjia-cloud', '1x RTX 4090 24GB', 'rtx-4090', 1.24, '1.24–1.24'),
  offer('suanjia-1x-rtx-4090-d-2026', 'suanjia-cloud', '1x RTX 4090D 24GB', 'rtx-4090-d', 1.14, '1.14–1.14'),
  offer('compshare-1x-h20-96gb-2026', 'ucloud-compshare', '1x H20 96GB', 'h20-96gb', 7.5, '7.5–7.5'),
  offer('gpushare-1x-rtx-3090-2026', 'gpushare', '1x RTX 3090 24GB', 'rtx-3090', 0.76, '0.72–0.80'),
  offer('gpushare-1x-rtx-a6000-2026', 'gpushare', '1x RTX A6000 48GB', 'rtx-a6000', 2.2, '2.2–2.85'),
  offer('matpool-1x-t4-2026', 'matpool', '1x Tesla T4 16GB', 't4', 1.35, '1.35–1.35'),
];
