// biome-ignore-all lint/suspicious/noTemplateCurlyInString: process expressions are written ${…}, as in the models
import { describe, expect, it } from 'vitest';
import { checkTemplate, conditionHolds, evaluateTemplate } from './expressions.js';

describe('process expressions', () => {
  it('evaluates conditions over variables', () => {
    expect(conditionHolds('${pass}', { pass: true })).toBe(true);
    expect(conditionHolds('${!pass}', { pass: true })).toBe(false);
    expect(conditionHolds('${days > 3}', { days: 5 })).toBe(true);
    expect(conditionHolds('${days > 3}', { days: '2' })).toBe(false);
    expect(conditionHolds("${days >= 3 && type == 'sick'}", { days: 3, type: 'sick' })).toBe(true);
    expect(conditionHolds('${a or not b}', { a: false, b: false })).toBe(true);
    expect(conditionHolds('${empty note}', {})).toBe(true);
    expect(conditionHolds('${user.dept == 2}', { user: { dept: 2 } })).toBe(true);
    expect(conditionHolds('${missing > 1}', {})).toBe(false);
  });

  it('answers values and fills templates', () => {
    expect(evaluateTemplate('${applyUser}', { applyUser: '123' })).toBe('123');
    expect(evaluateTemplate('${days * 2 + 1}', { days: 2 })).toBe(5);
    expect(evaluateTemplate('${x > 1 ? "big" : "small"}', { x: 0 })).toBe('small');
    expect(evaluateTemplate('dept:${deptId}', { deptId: '7' })).toBe('dept:7');
  });

  it('reads no prototype and calls nothing', () => {
    expect(evaluateTemplate('${constructor}', {})).toBeUndefined();
    expect(evaluateTemplate('${pass.constructor.name}', { pass: true })).toBeUndefined();
    expect(checkTemplate('${process.exit()}')).toMatch(/calls are not allowed/);
    expect(checkTemplate("${a['b']}")).toMatch(/unexpected/);
    expect(checkTemplate('${x = 1}')).toMatch(/unexpected/);
    expect(checkTemplate('${days > 3}')).toBeUndefined();
  });
});
