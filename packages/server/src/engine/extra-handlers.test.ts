import { defineExtra, defineResource } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Caller } from '../kernel/caller.js';
import { bindResource } from './bind.js';
import { defineExtraHandlers } from './extra-handlers.js';

/**
 * Handlers are typed from the definition: the `@ts-expect-error` lines below fail the
 * type-check if a missing handler, a misspelt key, an undeclared field or a wrong answer
 * were ever accepted.
 */
const gizmo = defineResource({
  service: 'blade-test',
  name: 'gizmo',
  table: 'test_gizmo',
  tenantScoped: true,
  permission: 'gizmo',
  entity: z.object({ gizmoName: z.string() }),
  view: { title: ['小件', 'Gizmos'], columns: [] },
  extras: {
    count: defineExtra({
      method: 'GET',
      path: 'count',
      summary: 'How many gizmos carry this name',
      query: z.object({ gizmoName: z.string() }),
      response: z.number(),
    }),
    lookup: defineExtra({
      method: 'GET',
      path: 'lookup',
      summary: 'Public lookup',
      permission: 'public',
      response: z.object({ found: z.boolean() }),
    }),
  },
});

describe('typed extra handlers', () => {
  it('type query, caller and answer from the declaration', async () => {
    let seen: Caller | undefined;
    const handlers = defineExtraHandlers(gizmo, {
      count: async ({ caller, query }) => {
        // A non-public extra always has a caller.
        seen = caller satisfies Caller;
        return query.gizmoName.length;
      },
      lookup: async ({ caller }) => {
        // @ts-expect-error a public extra may be called without a caller
        caller satisfies Caller;
        return { found: caller !== undefined };
      },
    });
    const caller = { tenant_id: '000000' } as Caller;
    const args = { caller, query: { gizmoName: 'abc' } } as Parameters<typeof handlers.count>[0];
    expect(await handlers.count(args)).toBe(3);
    expect(seen).toBe(caller);
  });

  it('refuse a missing, misspelt or wrongly typed handler', () => {
    // @ts-expect-error lookup has no handler
    defineExtraHandlers(gizmo, { count: async () => 1 });
    defineExtraHandlers(gizmo, {
      count: async () => 1,
      lookup: async () => ({ found: true }),
      // @ts-expect-error no extra is called lookUp
      lookUp: async () => ({ found: true }),
    });
    defineExtraHandlers(gizmo, {
      // @ts-expect-error the answer must be a number
      count: async () => 'one',
      // @ts-expect-error the query declares no such field
      lookup: async ({ query }) => ({ found: query.gizmoName }),
    });
    expect(true).toBe(true);
  });

  it('are all required when the resource is bound, at run time too', () => {
    // @ts-expect-error a resource with extras needs their handlers
    expect(() => bindResource(gizmo)).toThrow('No server handler for extra "count"');
    const bound = bindResource(gizmo, { extras: { count: async () => 1, lookup: async () => ({ found: true }) } });
    expect(Object.keys(bound.extras)).toEqual(['count', 'lookup']);
  });
});
