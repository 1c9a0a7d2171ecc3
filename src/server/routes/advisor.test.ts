// /api/v1/advisor through app.request: the form's choices, ranked options with their reasons in
// the asked language, the options listed apart, and 400s (with the message in en and zh-CN) for
// every bad input.

import { describe, expect, it } from 'vitest';
import { json, testServer } from '../testing/fixtures.js';

interface Option { gpuId: string; gpuName: string; count: number; memory: { fits: boolean | null }; reasons: { key: string; text: string }[] }
interface Body { task: string; currency: string; options: Option[]; notFitting: Option[]; unranked: Option[]; counts: Record<string, number>; assumptions: { text: string }[]; excluded: Record<string, number> }

async function recommendBody(query: string): Promise<Body> {
  const { app } = testServer();
  const response = await app.request(`/api/v1/advisor/recommend?${query}`);
  expect(response.status).toBe(200);
  return (await json(response)) as unknown as Body;
}

describe('/api/v1/advisor', () => {
  it('choices lists the model presets and the form’s options', async () => {
    const { app } = testServer();
    const body = await json(await app.request('/api/v1/advisor/choices'));
    expect(body.tasks).toContain('inference');
    expect(body.currencies).toEqual(['USD', 'CNY', 'EUR']);
    const models = body.models as { id: string; parameterCount: number }[];
    expect(models.find((m) => m.id === 'llama-3-8b')?.parameterCount).toBeGreaterThan(7e9);
  });

  it('ranks options that fit with reasons in the asked language; those that do not fit are apart, with why', async () => {
    const en = await recommendBody('task=inference&model=llama-3-70b&precision=fp16');
    expect(en.options.length).toBeGreaterThan(0);
    expect(en.options.every((o) => o.memory.fits !== false)).toBe(true);
    expect(en.options[0]!.reasons[0]!.text).toMatch(/[A-Za-z]/);
    expect(en.notFitting.length).toBeGreaterThan(0);
    expect(en.notFitting.every((o) => o.memory.fits === false && o.reasons.length > 0)).toBe(true);
    expect(en.assumptions.length).toBeGreaterThan(0);
    const zh = await recommendBody('task=inference&model=llama-3-70b&precision=fp16&lang=zh-CN');
    expect(zh.options.map((o) => o.gpuId)).toEqual(en.options.map((o) => o.gpuId));
    expect(zh.options[0]!.reasons[0]!.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('names a rental’s provider in the reasons (算家云, "Suanjia Cloud (算家云)"), not by its id', async () => {
    const query = 'task=inference&model=llama-3-8b&deployment=cloud&currency=CNY';
    const texts = (body: Body) => body.options.flatMap((o) => o.reasons.map((r) => r.text)).join('\n');
    const zh = texts(await recommendBody(`${query}&lang=zh-CN`));
    expect(zh).toMatch(/可在算家云租用 1 台 1x RTX 4090 24GB（每台每小时 ¥[\d.]+，每台 1 张 GPU）/);
    const en = texts(await recommendBody(query));
    expect(en).toMatch(/Rent 1 instance of 1x RTX 4090 24GB from Suanjia Cloud \(算家云\) \(¥[\d.]+\/h each, 1 GPU per instance\)/);
    expect(zh + en).not.toMatch(/suanjia-cloud|ucloud-compshare|gpushare|matpool/);
  });

  it('budget in another currency, count and limit are applied', async () => {
    const body = await recommendBody('task=inference&model=llama-3-8b&budget=%C2%A5100000&currency=CNY&count=2&limit=3');
    expect(body.currency).toBe('CNY');
    expect(body.options.length).toBeLessThanOrEqual(3);
    expect(body.options.every((o) => o.count <= 2)).toBe(true);
    // Nothing unpriced slips through a budget: it is counted as left out instead.
    expect((body.excluded.budgetUnpriced ?? 0) + (body.excluded.budget ?? 0)).toBeGreaterThan(0);
  });

  it.each([
    ['task=dance', 'serve.api.advisor.badChoice', 'task'],
    ['task=inference&model=gpt-9', 'serve.api.advisor.unknownModel', 'model'],
    ['task=inference&model=llama-3-8b&budget=lots', 'serve.api.advisor.badBudget', 'budget'],
    ['task=inference&model=llama-3-8b&count=0', 'serve.api.badInteger', 'count'],
    ['task=inference&model=llama-3-8b&memoryGib=-1', 'serve.api.advisor.badNumber', 'memoryGib'],
    ['task=inference&model=llama-3-8b&precision=fp4', 'serve.api.advisor.badChoice', 'precision'],
    ['model=llama-3-8b', 'serve.api.missingParameter', 'task'],
    ['task=inference&modle=llama-3-8b', 'serve.api.unknownParameter', 'modle'],
    ['task=train', 'serve.api.advisor.needModelOrMemory', 'model'],
  ])('%s → 400 %s naming %s, in both languages', async (query, key, parameter) => {
    const { app } = testServer();
    const en = await app.request(`/api/v1/advisor/recommend?${query}`);
    expect(en.status).toBe(400);
    const error = (await json(en)).error!;
    expect(error.key).toBe(key);
    expect(error.details?.parameter).toBe(parameter);
    const zh = (await json(await app.request(`/api/v1/advisor/recommend?${query}&lang=zh-CN`))).error!;
    expect(zh.key).toBe(key);
    expect(zh.message).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.message).not.toBe(error.message);
    // The API's parameters, never the CLI's flags (--model, --memory).
    for (const message of [error.message, zh.message]) expect(message).not.toMatch(/--[a-z]/);
  });

  it('hostile text in a parameter comes back escaped', async () => {
    const { app } = testServer();
    const response = await app.request(`/api/v1/advisor/recommend?task=inference&budget=${encodeURIComponent('\u202e1k\u001b')}`);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/[\u001b\u202e]/);
  });
});
