import { ApiError, SIGN_IN_AGAIN } from '@sso/shared-api/auth';
import { describe, expect, it, vi } from 'vitest';
import { finishOidcSignOn } from './oidc-sign-on.js';

/** The sign-in page finishing a pending OpenID Connect request once signed in. */
describe('finishing an OpenID Connect sign-on', () => {
  it('goes where the server answers', async () => {
    const go = vi.fn();
    const signOut = vi.fn(async () => undefined);
    expect(await finishOidcSignOn('uid1', { finish: async () => ({ url: '/oidc/auth/uid1' }), go, signOut })).toBe(true);
    expect(go).toHaveBeenCalledWith('/oidc/auth/uid1');
    expect(signOut).not.toHaveBeenCalled();
  });

  it('signs out and stays for the form when the application asks for a fresh sign-in', async () => {
    const go = vi.fn();
    const signOut = vi.fn(async () => undefined);
    const finish = async () => {
      throw new ApiError(400, '该应用要求重新登录，请再次输入密码', SIGN_IN_AGAIN);
    };
    expect(await finishOidcSignOn('uid2', { finish, go, signOut })).toBe(true);
    expect(signOut).toHaveBeenCalledOnce();
    expect(go).not.toHaveBeenCalled();
  });

  it('stays signed in and lands as after a sign-in when refused for another reason', async () => {
    const signOut = vi.fn(async () => undefined);
    const finish = async () => {
      throw new ApiError(403, '您没有使用该应用的权限，请联系管理员授权');
    };
    expect(await finishOidcSignOn('uid3', { finish, go: vi.fn(), signOut })).toBe(false);
    expect(signOut).not.toHaveBeenCalled();
  });
});
