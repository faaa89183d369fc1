import { resourceForMenu } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { refreshMsOf, SELF_CHANGING_MENUS } from './self-refreshing.js';

describe('screens that refresh by themselves', () => {
  it('are the logs, each the read-only screen of a registry resource', () => {
    for (const code of SELF_CHANGING_MENUS) expect(resourceForMenu(code)?.routes, code).toBe('read');
    expect(refreshMsOf('log_login')).toBe(5000);
    expect(refreshMsOf('log_api')).toBe(5000);
    expect(refreshMsOf('log_error')).toBe(5000);
    expect(refreshMsOf('log_usual')).toBe(5000);
    expect(refreshMsOf('param')).toBeUndefined();
  });
});
