import { describe, expect, it } from 'vitest';
import { HOST_TENANT_PATH } from '../login-options.js';
import { registry } from '../resources/index.js';
import { AuthClient } from './auth-client.js';
import { SsoClient } from './client.js';

describe('the sign-in part of the SDK', () => {
  it('asks for the host tenant where the registry serves its public tenant info', () => {
    const { tenant } = registry.system;
    expect(tenant.extras.info.permission).toBe('public');
    expect(`${tenant.basePath}/${tenant.extras.info.path}`).toBe(HOST_TENANT_PATH);
  });

  it('sends hostTenant through the enveloped call, with the domain in the query', async () => {
    const urls: string[] = [];
    const client = new AuthClient({
      baseUrl: 'http://sso.test/',
      transport: async (request) => {
        urls.push(request.url);
        return { status: 200, body: { code: 200, success: true, msg: '', data: { tenantId: '000000' } } };
      },
    });
    await expect(client.hostTenant('a.example:8080')).resolves.toEqual({ tenantId: '000000' });
    expect(urls).toEqual([`http://sso.test${HOST_TENANT_PATH}?domain=a.example%3A8080`]);
  });

  it('keeps the resource namespaces on SsoClient, over the same calls', () => {
    const client = new SsoClient({ baseUrl: '', transport: async () => ({ status: 200, body: null }) });
    expect(client).toBeInstanceOf(AuthClient);
    expect(typeof client.system.tenant.info).toBe('function');
    expect(typeof client.user.user.page).toBe('function');
    expect('system' in new AuthClient({ baseUrl: '', transport: async () => ({ status: 200, body: null }) })).toBe(false);
  });
});
