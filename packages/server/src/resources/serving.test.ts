import { allEndpoints, allResources, defineEndpoints, defineExtra, defineResource } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindEndpoints } from '../engine/bind.js';
import { endpointsToServe, resourcesToServe } from './index.js';

/**
 * What the server serves follows the registry: every definition once, with its folder's rules
 * where it has one and by the generic routes alone where it needs none — a plain resource is its
 * definition, its migration and its menu seed. A definition with extras and no handlers is
 * refused when the server starts, naming it.
 */
const plain = defineResource({
  service: 'blade-test',
  name: 'plain',
  table: 'test_plain',
  tenantScoped: true,
  permission: 'plain',
  entity: z.object({ title: z.string() }),
  view: { title: ['示例', 'Sample'], columns: [{ prop: 'title', label: ['标题', 'Title'] }] },
});

describe('the resources the server serves', () => {
  it('are every registry resource once, then the fakes a test adds, plainly', () => {
    const served = resourcesToServe([plain]);
    expect(served.map((resource) => resource.def)).toEqual([...allResources, plain]);
    const fake = served.at(-1);
    expect(fake?.rules).toEqual({});
    expect(fake?.extras).toEqual({});
  });

  it('keep the rules and handlers of a resource with a folder', () => {
    const dept = resourcesToServe().find((resource) => resource.def.basePath === '/api/blade-system/dept');
    expect(Object.keys(dept?.extras ?? {})).toEqual(expect.arrayContaining(['lazyList', 'tree']));
  });

  it('refuse a resource that declares an extra nobody handles', () => {
    const withExtra = defineResource({
      service: 'blade-test',
      name: 'with-extra',
      table: 'test_plain',
      tenantScoped: true,
      permission: 'plain',
      entity: z.object({ title: z.string() }),
      view: plain.view,
      extras: { ping: defineExtra({ method: 'GET', path: 'ping', summary: 'ping', response: z.string(), permission: null }) },
    });
    expect(() => resourcesToServe([withExtra])).toThrow('No server handler for extra "ping" of /api/blade-test/with-extra');
  });

  it('serve every endpoint group of the registry with its handlers, and refuse a group left unhandled', () => {
    const groups = endpointsToServe();
    expect(groups.map((group) => group.def)).toEqual(allEndpoints);
    for (const group of groups) expect(Object.keys(group.extras).sort(), group.def.basePath).toEqual(Object.keys(group.def.extras).sort());
    const ping = defineEndpoints({
      service: 'blade-test',
      name: 'ping',
      permission: 'plain',
      title: ['探测', 'Ping'],
      endpoints: { ping: defineExtra({ method: 'GET', path: 'ping', summary: 'ping', response: z.string(), permission: null }) },
    });
    expect(() => bindEndpoints(ping, {} as never)).toThrow('No server handler for extra "ping" of /api/blade-test/ping');
  });
});
