import { describe, expect, it } from 'vitest';
import { callbackAddress } from './wx-app-screen.js';

describe('the official accounts screen', () => {
  it("gives the callback address to enter at WeChat: the site's origin, the service and the AppID", () => {
    expect(callbackAddress('wx0123456789abcdef', 'https://sso.steel.example.com')).toBe(
      'https://sso.steel.example.com/api/blade-appmanage/wx/callback/wx0123456789abcdef',
    );
  });
});
