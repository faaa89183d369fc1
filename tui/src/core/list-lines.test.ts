import { registry } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { listLines } from './list-lines.js';
import { ANY_COLUMN, rowPasses } from './narrow.js';

const { dept } = registry.system;
const { login: logLogin } = registry.log;
const { user } = registry.user;

describe('the rows a typed filter leaves', () => {
  it('keeps rows containing a text filter whatever the case, and rows equal to an `eq` one (as the server filters)', () => {
    const row = { account: 'LockedOne', success: 1 };
    expect(rowPasses(logLogin, row, { account: 'kedo' }, [])).toBe(true);
    expect(rowPasses(logLogin, row, { account: 'kedx' }, [])).toBe(false);
    expect(rowPasses(logLogin, row, { success: '1' }, [])).toBe(true);
    expect(rowPasses(logLogin, row, { success: '0' }, [])).toBe(false);
    expect(rowPasses(logLogin, row, { account: '', success: '' }, [])).toBe(true);
  });

  it('finds the any-column text in a column shown, as shown (a role name, not its id)', () => {
    const row = { account: 'a1', roleId: '1123', roleName: '审计员', phone: '139' };
    expect(rowPasses(user, row, { [ANY_COLUMN]: '审计' }, ['account', 'roleId'])).toBe(true);
    expect(rowPasses(user, row, { [ANY_COLUMN]: '1123' }, ['account', 'roleId'])).toBe(false);
    expect(rowPasses(user, row, { [ANY_COLUMN]: '139' }, ['account', 'roleId'])).toBe(false);
  });

  it('looks into collapsed nodes of a tree and keeps every row of a page when nothing is typed', () => {
    const rows = [
      { id: '1', deptName: '总部', children: [{ id: '2', deptName: '研发部', children: [{ id: '3', deptName: '终端组' }] }] },
      { id: '4', deptName: '分部' },
    ];
    const shownProps = ['deptName'];
    const collapsed = listLines({ def: dept, rows, expanded: new Set(), narrowBy: {}, shownProps });
    expect(collapsed.map((line) => line.key)).toEqual(['1', '4']);
    const found = listLines({ def: dept, rows, expanded: new Set(), narrowBy: { deptName: '终端' }, shownProps });
    expect(found.map((line) => [line.key, line.depth])).toEqual([['3', 2]]);
    const page = listLines({ def: logLogin, rows: [{ id: 'a' }, { id: 'b' }], expanded: new Set(), narrowBy: { account: '' }, shownProps });
    expect(page).toHaveLength(2);
  });
});
