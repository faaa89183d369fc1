import type { FlowTaskRow, MatterRow } from '@sso/shared-api';
import { accessApi, type NoticeRow } from '../access/access-api.js';
import { client } from '../api/client.js';
import { createStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { menuCodes } from './menu-index.js';

/** How many of each the bell lists, the smallest page size (its badge counts every waiting approval). */
export const BELL_SIZE = 10;

export interface BellFeed {
  loaded: boolean;
  approvals: MatterRow[];
  approvalTotal: number;
  /** The caller's workflow tasks: assigned to them (todo) first, then those they may claim. */
  tasks: (FlowTaskRow & { list: 'todo' | 'claim' })[];
  taskTotal: number;
  notices: NoticeRow[];
}

/** What the top-bar bell shows: the caller's waiting approvals and workflow tasks, and the tenant's latest notices. */
export const bellFeed = createStore<BellFeed>({ loaded: false, approvals: [], approvalTotal: 0, tasks: [], taskTotal: 0, notices: [] });

/**
 * Reads the feed afresh (when the bell mounts, opens, and after a decision). Notices are read only
 * by those who hold the notice menu: the notice list is guarded by it.
 */
export async function refreshBell(): Promise<void> {
  // A session that must first set up its required second factor may call nothing else: no feed.
  if (client.session?.token.second_factor === 'enrol') return;
  const readsNotices = menuCodes(userStore.get().menus).has('notice');
  const work = client.flow?.work;
  const [approvals, notices, todo, claim] = await Promise.all([
    accessApi.todo(1, BELL_SIZE).catch(() => undefined),
    readsNotices ? accessApi.notices(BELL_SIZE).catch(() => undefined) : Promise.resolve(undefined),
    work ? work.todoList({ current: 1, size: BELL_SIZE }).catch(() => undefined) : undefined,
    work ? work.claimList({ current: 1, size: BELL_SIZE }).catch(() => undefined) : undefined,
  ]);
  bellFeed.set({
    loaded: true,
    approvals: approvals?.records ?? [],
    approvalTotal: approvals?.total ?? 0,
    tasks: [
      ...(todo?.records ?? []).map((row) => ({ ...row, list: 'todo' as const })),
      ...(claim?.records ?? []).map((row) => ({ ...row, list: 'claim' as const })),
    ],
    taskTotal: (todo?.total ?? 0) + (claim?.total ?? 0),
    notices: notices?.records ?? [],
  });
}
