import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../core/width.js';
import { fitColumns, Table } from './table.js';

describe('table', () => {
  it('fits Chinese and Latin text into the width, cutting the widest column with …', () => {
    const rows = [
      { id: '1', name: '超级管理员账号很长很长的名字', code: 'admin' },
      { id: '2', name: '张三', code: 'zhangsan' },
    ];
    const columns = [
      { key: 'name', label: '姓名' },
      { key: 'code', label: 'Code' },
    ];
    const { lastFrame } = render(<Table columns={columns} rows={rows} width={30} cursor={1} checked={new Set(['2'])} />);
    const lines = (lastFrame() ?? '').split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
    expect(lines[1]).toContain('…');
    expect(lines[1]).toContain('admin');
    expect(lines[2]).toMatch(/^● 张三\s+zhangsan/);
    // The column edges line up whatever the characters' widths.
    expect(displayWidth(lines[1].slice(0, lines[1].indexOf('admin')))).toBe(displayWidth(lines[2].slice(0, lines[2].indexOf('zhangsan'))));
  });

  it('shrinks the widest columns first', () => {
    expect(fitColumns([10, 30, 5], 30)).toEqual([10, 11, 5]);
    expect(fitColumns([10, 10], 50)).toEqual([10, 10]);
  });
});
