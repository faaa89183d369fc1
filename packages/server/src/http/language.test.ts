import { badRequest, defineMessages, fail } from '@sso/shared-api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';
import { registerLanguage } from './language.js';

// Two areas word one Chinese text differently in English: only the id tells them apart.
const orders = defineMessages('languageTestOrders', { missing: ['记录不存在', 'No such order'] });
const invoices = defineMessages('languageTestInvoices', { missing: ['记录不存在', 'No such invoice'] });

const app = Fastify();
beforeAll(async () => {
  registerLanguage(app);
  registerErrorHandling(app);
  app.get('/orders', async () => {
    throw badRequest(orders.say.missing);
  });
  app.get('/invoices', async () => {
    throw badRequest(invoices.say.missing);
  });
  app.get('/refused', async (_request, reply) => reply.status(400).send(fail(400, invoices.say.missing)));
  await app.ready();
});
afterAll(() => app.close());

const answer = async (url: string, language?: string) => {
  const response = await app.inject({ url, headers: language ? { 'accept-language': language } : {} });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

describe('answers in the caller language by message id', () => {
  it('answers the Chinese by default, exactly as worded', async () => {
    expect(await answer('/orders')).toEqual({ status: 400, body: { code: 400, success: false, data: null, msg: '记录不存在' } });
    expect((await answer('/invoices', 'zh-CN')).body.msg).toBe('记录不存在');
  });

  it('answers each message its own English for Accept-Language: en', async () => {
    expect((await answer('/orders', 'en')).body.msg).toBe('No such order');
    expect((await answer('/invoices', 'en-GB,en;q=0.9')).body.msg).toBe('No such invoice');
    expect((await answer('/refused', 'en')).body).toEqual({ code: 400, success: false, data: null, msg: 'No such invoice' });
  });
});
