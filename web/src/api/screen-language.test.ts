import type { HttpRequest } from '@sso/shared-api/auth';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.js';
import { inScreenLanguage } from './screen-language.js';

describe('the language of every call', () => {
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('is the language on screen, switched with it', async () => {
    const sent: HttpRequest[] = [];
    const transport = inScreenLanguage(async (request) => {
      sent.push(request);
      return { status: 200, body: null };
    });
    const call = () => transport({ method: 'GET', url: '/api/x', headers: { 'Blade-Auth': 'bearer t' } });
    await call();
    await i18n.changeLanguage('en');
    await call();
    expect(sent.map((request) => request.headers)).toEqual([
      { 'Blade-Auth': 'bearer t', 'Accept-Language': 'zh-CN' },
      { 'Blade-Auth': 'bearer t', 'Accept-Language': 'en' },
    ]);
  });
});
