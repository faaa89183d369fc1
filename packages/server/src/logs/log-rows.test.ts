import { describe, expect, it } from 'vitest';
import { type ApiCall, apiSpec, callShape } from './log-rows.js';

const server = { serverHost: 'host', serverIp: '10.0.0.1', env: 'test' };

describe('callShape', () => {
  it('works a URL out once per method, asking for the route only then', () => {
    let asked = 0;
    const route = (title: string) => () => {
      asked++;
      return { title, url: '/api/blade-x/thing/list' };
    };
    const url = '/api/blade-x/thing/list?password=secret&size=10';
    const query = { password: 'secret', size: '10' };
    const first = callShape('GET', url, query, route('列表'));
    expect(callShape('GET', url, query, route('列表'))).toBe(first);
    expect(asked).toBe(1);
    expect(first).toEqual({
      serviceId: 'blade-x',
      requestUri: '/api/blade-x/thing/list?password=***&size=10',
      params: '{"password":"***","size":"10"}',
      title: '列表',
      methodName: '/api/blade-x/thing/list',
    });
    const posted = callShape('POST', url, query, route('提交'));
    expect(posted.title).toBe('提交');
    expect(asked).toBe(2);
  });

  it('forgets what it knows past a thousand URLs of one method, and works them out again', () => {
    let asked = 0;
    const route = () => {
      asked++;
      return {};
    };
    for (let i = 0; i < 1001; i++) callShape('PUT', `/api/blade-y/n/${i}`, {}, route);
    callShape('PUT', '/api/blade-y/n/0', {}, route);
    expect(asked).toBe(1002);
  });
});

describe('the api log row', () => {
  const spec = apiSpec(server);
  const call = (over: Partial<ApiCall>): ApiCall => ({
    method: 'GET',
    shape: callShape('GET', '/api/blade-z/list', {}, () => ({ title: 't', url: '/api/blade-z/list' })),
    ip: '127.0.0.1',
    userAgent: 'agent/1.0',
    tenantHeader: undefined,
    caller: { tenant_id: '123456', user_id: '42', account: 'alice' },
    elapsedMs: 3.6,
    status: 200,
    ...over,
  });

  it('has one value per column, in column order', () => {
    const values = spec.values(call({}));
    expect(values).toHaveLength(spec.columns.length);
    const row = Object.fromEntries(spec.columns.map((column, i) => [column.name, values[i]]));
    expect(row).toEqual({
      tenant_id: '123456',
      create_user: '42',
      create_by: 'alice',
      service_id: 'blade-z',
      method: 'GET',
      request_uri: '/api/blade-z/list',
      user_agent: 'agent/1.0',
      remote_ip: '127.0.0.1',
      params: null,
      title: 't',
      method_name: '/api/blade-z/list',
      time: '4',
      result_code: 200,
    });
  });

  it('takes the tenant of an anonymous call from its Tenant-Id header, else the default', () => {
    const tenantOf = (tenantHeader: unknown) => spec.values(call({ caller: undefined, tenantHeader }))[0];
    expect(tenantOf('654321')).toBe('654321');
    expect(tenantOf(undefined)).toBe('000000');
    expect(tenantOf(['a', 'b'])).toBe('000000');
  });

  it('keeps a long user agent cut to 1,000 characters, and none when there is none', () => {
    const long = `agent ${'x'.repeat(2000)}`;
    expect(spec.values(call({ userAgent: long }))[6]).toBe(long.slice(0, 1000));
    expect(spec.values(call({ userAgent: long }))[6]).toBe(long.slice(0, 1000)); // remembered
    expect(spec.values(call({ userAgent: undefined }))[6]).toBeNull();
  });
});
