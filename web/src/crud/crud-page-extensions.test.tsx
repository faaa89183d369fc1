import { param } from '@sso/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, page } from '../test/fake-fetch.testkit.js';
import { grant, renderWithFeedback, spaced } from '../test/ui.testkit.js';
import CrudPage, { type CrudContext } from './crud-page.js';

const def = param;
const rows = Array.from({ length: 3 }, (_, i) => ({ id: String(200 + i), paramName: `参数${i}`, paramKey: `k${i}`, paramValue: 'v' }));

/** A screen as specific screens build it: a side filter, a toolbar button and a row link. */
function Screen({ seen }: { seen: (what: string, ctx: CrudContext) => void }) {
  const [group, setGroup] = useState<string>();
  return (
    <CrudPage
      def={def}
      filters={{ paramKey: group }}
      aside={<Button onClick={() => setGroup('k1')}>side-filter</Button>}
      toolbar={(ctx) => <Button onClick={() => seen('toolbar', ctx)}>bulk</Button>}
      rowActions={(row, ctx) => <Button onClick={() => seen(`row-${row.id}`, ctx)}>extra</Button>}
      onView={(row) => seen(`view-${row.id}`, {} as CrudContext)}
    />
  );
}

describe('the generic page extended by a specific screen', { timeout: 60_000 }, () => {
  beforeEach(() => grant('param_view'));
  afterEach(() => vi.unstubAllGlobals());

  it('adds fixed filters to every query and starts again at page 1 when they change', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': (q) => page(rows, Number(q.get('current')), 10, 30) });
    const user = userEvent.setup();
    renderWithFeedback(<Screen seen={() => undefined} />);
    await screen.findByText('参数0');
    expect(calls[0].query.has('paramKey')).toBe(false); // an unset filter is not sent
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.query.get('current')).toBe('2'));
    await user.click(screen.getByText('side-filter'));
    await waitFor(() => expect(calls.at(-1)?.query.get('paramKey')).toBe('k1'));
    expect(calls.at(-1)?.query.get('current')).toBe('1');
  });

  it('gives toolbar buttons and row links the selection and a reload, and lets the screen own the view', async () => {
    const calls = fakeFetch({ 'GET /api/blade-system/param/list': () => page(rows) });
    const seen: [string, CrudContext][] = [];
    const user = userEvent.setup();
    renderWithFeedback(<Screen seen={(what, ctx) => seen.push([what, ctx])} />);
    await screen.findByText('参数0');
    const boxes = document.querySelectorAll<HTMLInputElement>('tr.ant-table-row input[type=checkbox]');
    await user.click(boxes[0]);
    await user.click(boxes[2]);
    await user.click(screen.getByText('bulk'));
    expect(seen[0][0]).toBe('toolbar');
    expect(seen[0][1].selected).toEqual(['200', '202']);

    await user.click(screen.getAllByText('extra')[1]);
    expect(seen[1][0]).toBe('row-201');
    const before = calls.length;
    await seen[1][1].reload();
    expect(calls.length).toBe(before + 1);

    await user.click(screen.getAllByText(spaced('查看'))[0]);
    expect(seen[2][0]).toBe('view-200');
    expect(calls.some((c) => c.path.endsWith('/detail'))).toBe(false); // the screen's own view, not the dialog's
  });
});
