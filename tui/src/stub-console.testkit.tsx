import type { QueryValue, SsoClient } from '@sso/shared-api';
import { Box } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactElement } from 'react';
import { type ConsoleApi, ConsoleContext, makeRun } from './core/console.js';
import { LangContext } from './core/i18n.js';
import { InputQueue } from './core/input-queue.js';
import type { Row } from './core/use-list.js';
import { drive } from './drive.testkit.js';

/** Query keys of a list request that are paging and sorting, not filters. */
const PAGING = new Set(['current', 'size', 'ascs', 'descs']);

/**
 * An in-memory server for one list: `rows` answer `…/list` as a page, filtered as the server's
 * `like` filters do (contained, whatever the case). Every request is recorded; `hold()` keeps the
 * next answer back until its release is called, to see what a screen does while a read is under way.
 */
export function stubServer(rows: Row[]) {
  const requests: Record<string, QueryValue>[] = [];
  let held: Promise<void> | undefined;
  const call = async (_method: string, url: string, query: Record<string, QueryValue> = {}) => {
    if (!url.endsWith('/list')) throw new Error(`no stub for ${url}`);
    requests.push(query);
    const waitFor = held;
    held = undefined;
    await waitFor;
    const filters = Object.entries(query).filter(([key]) => !PAGING.has(key));
    const records = rows.filter((row) =>
      filters.every(([key, value]) =>
        String(row[key] ?? '')
          .toLowerCase()
          .includes(String(value).toLowerCase()),
      ),
    );
    return { records, total: records.length, pages: 1 };
  };
  const client = { call, system: { dict: { dictionary: async () => [] } } } as unknown as SsoClient;
  return {
    client,
    rows,
    requests,
    /** Holds the next answer; call what it returns to let it go. */
    hold(): () => void {
      let release = () => {};
      held = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

/** A screen rendered in memory against a stub server, with the console's input queue, in Chinese at 100×30. */
export function openScreen(element: ReactElement, client: SsoClient) {
  const api: ConsoleApi = {
    client,
    lang: 'zh',
    run: makeRun({ notify: () => {}, offline: () => {}, sessionEnded: () => {}, wait: async () => {} }),
    notify: () => {},
    columns: 100,
    rows: 30,
  };
  const wrapped = (screen: ReactElement) => (
    <LangContext.Provider value="zh">
      <ConsoleContext.Provider value={api}>
        <Box flexDirection="column">
          <InputQueue />
          {screen}
        </Box>
      </ConsoleContext.Provider>
    </LangContext.Provider>
  );
  const ui = drive(render(wrapped(element)));
  /** Draws the screen again with other props (the same screen stays mounted). */
  const redraw = (next: ReactElement) => ui.rerender(wrapped(next));
  return { ...ui, redraw };
}
