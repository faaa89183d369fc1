import { describe, expect, it } from 'vitest';
import { conditionFields, conditionHolds, fieldApplies, requiredByCondition } from './field-conditions.js';
import { say } from './messages.js';
import type { ColumnView } from './resource.js';

const single: ColumnView = { prop: 'casSingleLogout', label: ['', ''], appliesWhen: { field: 'protocol', in: ['cas'] } };
const address: ColumnView = {
  prop: 'appUrl',
  label: ['', ''],
  requiredWhen: { field: 'protocol', in: ['link'], message: say('missingParam') },
};

describe('a field that applies to some values of another', () => {
  it('applies while the other field holds one of the values, compared as text', () => {
    expect(fieldApplies(single, { protocol: 'cas' })).toBe(true);
    expect(fieldApplies(single, { protocol: 'oidc' })).toBe(false);
    expect(fieldApplies(single, {})).toBe(false);
    expect(conditionHolds({ field: 'status', in: [1] }, { status: '1' })).toBe(true);
    expect(conditionHolds({ field: 'status', in: ['1'] }, { status: 1 })).toBe(true);
    expect(conditionHolds({ field: 'status', in: [0] }, { status: null })).toBe(false);
  });

  it('always applies without a condition, and is required by its own only while that holds', () => {
    expect(fieldApplies(address, {})).toBe(true);
    expect(requiredByCondition(address, { protocol: 'link' })).toBe(true);
    expect(requiredByCondition(address, { protocol: 'cas' })).toBe(false);
    expect(requiredByCondition(single, { protocol: 'cas' })).toBe(false);
  });

  it('names the fields the conditions read, once each', () => {
    expect(conditionFields([single, address, { prop: 'appName', label: ['', ''] }])).toEqual(['protocol']);
  });
});
