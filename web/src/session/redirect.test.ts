import { ApiError } from '@sso/shared-api';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handOff } from '../sign-on/redirect.js';

/** The hand-off of /login?redirect=: the server's answer decides; the browser only follows it. */
describe('hand-off of /login?redirect=', () => {
  it('moves the browser to the address the server answered', async () => {
    const asked: string[] = [];
    const went: string[] = [];
    const leaving = await handOff('https://app.example/cb', {
      handoff: async (redirect) => {
        asked.push(redirect);
        return { url: `${redirect}?access_token=T` };
      },
      go: (url) => went.push(url),
    });
    expect(leaving).toBe(true);
    expect(asked).toEqual(['https://app.example/cb']);
    expect(went).toEqual(['https://app.example/cb?access_token=T']);
  });

  it('stays on a refusal and names the refused address in a message', async () => {
    const went: string[] = [];
    const leaving = await handOff('https://evil.example/x\u202e', {
      handoff: async () => {
        throw new ApiError(400, '跳转地址未登记，已拒绝: https://evil.example/x');
      },
      go: (url) => went.push(url),
    });
    expect(leaving).toBe(false);
    expect(went).toEqual([]);
    await waitFor(() => expect(document.querySelector('.redirect-refused')?.textContent).toContain('https://evil.example/x\\u202e'));
    expect(document.querySelector('.redirect-refused')?.textContent).toContain('未跳转到');
  });
});
