import { startTestServer, type TestServer } from '@sso/server/testing';
import { registry } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadChoices } from './resource-view.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('dictionary choices in forms', () => {
  it('are labelled in the console language, in English where the entry has an English label', async () => {
    const client = server.client();
    await client.login({ username: 'admin', password: 'admin' });
    const user = registry.user.user;
    const inEnglish = await loadChoices(client, user, 'en');
    expect(inEnglish.sex?.map((choice) => [choice.value, choice.label])).toEqual(
      expect.arrayContaining([
        ['1', 'Male'],
        ['2', 'Female'],
      ]),
    );
    const inChinese = await loadChoices(client, user, 'zh');
    expect(inChinese.sex?.map((choice) => [choice.value, choice.label])).toEqual(
      expect.arrayContaining([
        ['1', '男'],
        ['2', '女'],
      ]),
    );
  });
});
