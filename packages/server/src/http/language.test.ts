import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { badRequest, defineMessages, fail, forbidden, notFound, refusedWith, storedText, unauthorized, withDetail } from '@sso/shared-api';
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
  app.get('/detailed', async () => {
    throw badRequest(withDetail(orders.say.missing, 'A-17'));
  });
  app.get('/recorded', async () => {
    throw refusedWith(409, withDetail(invoices.say.missing, storedText('记录不存在')));
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

describe('messages with parameters', () => {
  it('answers the words by id and the detail as it is, a recorded text by its wording', async () => {
    expect((await answer('/detailed')).body.msg).toBe('记录不存在: A-17');
    expect((await answer('/detailed', 'en')).body.msg).toBe('No such order: A-17');
    expect(await answer('/recorded', 'en')).toMatchObject({ status: 409, body: { msg: 'No such invoice: No such order' } });
  });
});

describe('every error the server raises carries a message id', () => {
  it('does not compile a plain text where an error takes its message', () => {
    // Each line below is a type error (tsc checks test files): a text has no id to translate by.
    // @ts-expect-error a plain string is not a Message
    expect(badRequest('自由文本').code).toBe(400);
    // @ts-expect-error a plain string is not a Message
    expect(forbidden('自由文本').code).toBe(403);
    // @ts-expect-error a plain string is not a Message
    expect(notFound('自由文本').code).toBe(404);
    // @ts-expect-error a plain string is not a Message
    expect(unauthorized('自由文本').code).toBe(401);
    // @ts-expect-error a plain string is not a Message
    expect(refusedWith(429, '自由文本').code).toBe(429);
  });

  it('raises no ApiError by hand in server code (its constructor still takes the text a client received)', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..');
    const code = (readdirSync(src, { recursive: true }) as string[]).filter(
      (file) => file.endsWith('.ts') && !/\.test\.ts$|testkit|fixture/.test(file),
    );
    expect(code.length).toBeGreaterThan(100);
    expect(code.filter((file) => /new ApiError\(/.test(readFileSync(join(src, file), 'utf8')))).toEqual([]);
  });
});
