import { registry } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { labelledName, withLabelledNames } from './labelled-names.js';

const conflictLog = registry.sod.log;
const grantLog = registry.aps.userAuthorizedLog;

describe('names labelled per value in both languages', () => {
  it('shows the separation-of-duties log kinds in English on English screens and in Chinese otherwise', () => {
    const row = { kind: 'refused', kindName: '拒绝授权' };
    expect(labelledName(conflictLog, 'kindName', row, 'en')).toBe('Grant refused');
    expect(labelledName(conflictLog, 'kindName', { kind: 'detected' }, 'en')).toBe('Conflict found');
    expect(labelledName(conflictLog, 'kindName', { kind: 'resolved' }, 'en')).toBe('Resolved');
    expect(labelledName(conflictLog, 'kindName', row, 'zh-CN')).toBe('拒绝授权');
  });

  it('labels the grant log and leaves other columns and unknown values to the server answer', () => {
    expect(labelledName(grantLog, 'actionName', { action: 'expire' }, 'en')).toBe('Expired');
    expect(labelledName(grantLog, 'kindName', { kind: 'role' }, 'en')).toBe('Application role');
    expect(labelledName(conflictLog, 'kindName', { kind: 'other' }, 'en')).toBeUndefined();
    expect(labelledName(conflictLog, 'ruleName', { ruleName: '制单与审核分离' }, 'en')).toBeUndefined();
  });

  it('gives the view dialog the labels of the screen language', () => {
    expect(withLabelledNames(conflictLog, { kind: 'refused', kindName: '拒绝授权', ruleName: 'r' }, 'en')).toEqual({
      kind: 'refused',
      kindName: 'Grant refused',
      ruleName: 'r',
    });
  });
});
