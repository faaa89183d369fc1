import { describe, expect, it } from 'vitest';
import {
  allEndpoints,
  allResources,
  fromBase64,
  idList,
  md5,
  optionalId,
  pageQuery,
  registry,
  resourceForMenu,
  SOCIAL_PROVIDERS_PATH,
  toBase64,
  toQueryString,
} from './index.js';

describe('digests', () => {
  it('computes the md5 hex the browser sends at sign-in', () => {
    expect(md5('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
    expect(md5('中文')).toBe('a7bac2239fcdcb3a067903d8077c4a07');
  });
  it('round-trips UTF-8 through base64', () => {
    expect(toBase64('saber:saber_secret')).toBe('c2FiZXI6c2FiZXJfc2VjcmV0');
    expect(fromBase64(toBase64('密码Pa$$1'))).toBe('密码Pa$$1');
  });
});

describe('schemas', () => {
  it('accepts 64-bit ids as strings and refuses anything else', () => {
    expect(idList.parse('1,2,2,9223372036854775807')).toEqual(['1', '2', '9223372036854775807']);
    expect(idList.safeParse('9223372036854775808').success).toBe(false);
    expect(idList.safeParse('1,,2').success).toBe(false);
    expect(idList.safeParse('').error?.issues[0]?.message).toBe('请选择至少一条数据');
    expect(optionalId.parse(0)).toBe('0');
    expect(optionalId.parse('')).toBeUndefined();
    expect(optionalId.safeParse('x1').success).toBe(false);
  });
  it('allows only the page sizes of the contract', () => {
    for (const size of ['10', '30', '50', '100', '200']) expect(pageQuery.parse({ size }).size).toBe(Number(size));
    expect(pageQuery.safeParse({ size: '20' }).error?.issues[0]?.message).toBe('每页条数只能是10、30、50、100或200');
    expect(pageQuery.safeParse({ current: '0' }).success).toBe(false);
  });
});

describe('registry', () => {
  it('names every resource once, with a base path under its service', () => {
    const paths = allResources.map((r) => r.basePath);
    expect(new Set(paths).size).toBe(paths.length);
    expect(registry.system.param.basePath).toBe('/api/blade-system/param');
    expect(registry.system.dictBiz.basePath).toBe('/api/blade-system/dict-biz');
    for (const resource of allResources) {
      expect(resource.permission).toMatch(/^[a-z_]+$/);
      // The primary key always sorts (and breaks ties): id, or a natural key such as region's code.
      expect(resource.sorts).toContain(resource.keyField);
      for (const field of Object.keys(resource.filters)) expect(Object.keys(resource.entity.shape)).toContain(field);
    }
  });
  it('works out each resource key field once: the natural key, else id', () => {
    expect(registry.system.region.keyField).toBe('code');
    expect(registry.system.param.keyField).toBe('id');
    for (const resource of allResources) expect(resource.keyField).toBe(resource.naturalKey ? resource.naturalKey.field : 'id');
  });
  it('knows which lists answer a whole tree instead of a page', () => {
    const { dept, menu, role, region, post, param } = registry.system;
    for (const tree of [dept, menu, role]) expect(tree.shape, tree.name).toBe('tree');
    // Region lists a page (its tree is a lazy extra); post replaces `page`, not `list`.
    for (const paged of [region, post, param]) expect(paged.shape, paged.name).toBe('page');
  });
  it('finds the resource a menu code opens, never an endpoint group sharing the code', () => {
    expect(resourceForMenu('param')).toBe(registry.system.param);
    expect(resourceForMenu('dictbiz')).toBe(registry.system.dictBiz);
    expect(resourceForMenu('client')).toBe(registry.system.client);
    expect(resourceForMenu('nothing')).toBeUndefined();
    // The dashboard's endpoints share the client menu's code.
    expect(registry.desk.dash.permission).toBe('client');
    for (const resource of allResources) {
      expect(resourceForMenu(resource.permission)?.permission).toBe(resource.permission);
    }
  });
  it('keeps endpoint groups apart from resources: no table, no entity, their calls as extras', () => {
    expect(allEndpoints).toContain(registry.flow.work);
    expect(allResources).not.toContain(registry.flow.work as never);
    for (const group of allEndpoints) {
      expect(group).not.toHaveProperty('table');
      expect(group).not.toHaveProperty('entity');
      expect(Object.keys(group.extras).length, group.name).toBeGreaterThan(0);
    }
  });
  it('builds query strings the BladeX way', () => {
    expect(toQueryString({ ids: ['1', '2'], current: 1, empty: '', none: undefined, name: '参数' })).toBe(
      '?ids=1%2C2&current=1&name=%E5%8F%82%E6%95%B0',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe("the sign-in page's paths", () => {
  it("name the social-provider resource's public list, which the page calls without the registry", () => {
    const { socialProvider } = registry.system;
    expect(SOCIAL_PROVIDERS_PATH).toBe(`${socialProvider.basePath}/${socialProvider.extras.publicList.path}`);
  });
});
