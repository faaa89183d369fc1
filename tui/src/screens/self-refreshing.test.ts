import { registry, resourceForMenu } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { refreshMsOf, SELF_CHANGING } from './self-refreshing.js';

describe('screens that refresh by themselves', () => {
  it('are the logs, each the read-only screen of a registry resource its menu opens', () => {
    for (const def of SELF_CHANGING) {
      expect(def.routes, def.basePath).toBe('read');
      expect(resourceForMenu(def.permission), def.basePath).toBe(def);
    }
    expect(refreshMsOf(registry.log.login)).toBe(5000);
    expect(refreshMsOf(registry.log.api)).toBe(5000);
    expect(refreshMsOf(registry.log.error)).toBe(5000);
    expect(refreshMsOf(registry.log.usual)).toBe(5000);
    expect(refreshMsOf(registry.system.param)).toBeUndefined();
  });
});
