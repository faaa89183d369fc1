import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect.js';

describe('SSO hand-off address (SPEC §4)', () => {
  it('appends access_token to the redirect address', () => {
    expect(redirectTarget('https://app.example/cb', 'T')).toBe('https://app.example/cb?access_token=T');
    expect(redirectTarget('https://app.example/cb?x=1', 'T')).toBe('https://app.example/cb?x=1&access_token=T');
  });

  it('refuses addresses that are not http(s)', () => {
    expect(redirectTarget('javascript:alert(1)', 'T')).toBeUndefined();
  });
});
