import { syncMessages as m } from '@sso/shared-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { bad, failure, signInAdmin, useTestServer } from '../../api-suite.testkit.js';
import { runDueSources } from './scheduler.js';
import { syncKit } from './sync.testkit.js';

/**
 * Scheduled syncs: a schedule is a cron expression checked when saved; the scheduler's tick (called
 * here with the time it runs at, no timer) runs a source whose time has come once, however many
 * nodes tick together, and logs the run like the others.
 */
const suite = useTestServer();
const { api, db, save } = syncKit(suite);
const HEADER = '登录账号,用户姓名,用户编号,部门路径';
const file = (...lines: string[]) => ({ filename: 'staff.csv', data: new TextEncoder().encode(`${[HEADER, ...lines].join('\n')}\n`) });
let sourceId: string;

const nextOf = async (id: string) =>
  (await db().selectFrom('blade_sync_source').select('scheduleNext').where('id', '=', id).executeTakeFirstOrThrow()).scheduleNext;
const runsOf = (id: string) =>
  db().selectFrom('blade_sync_run').select(['outcome', 'message', 'creates', 'dryRun']).where('sourceId', '=', id).orderBy('id').execute();

beforeAll(async () => {
  sourceId = await save({ name: 'Nightly HR export', kind: 'file', schedule: '30 2 * * *' });
  await api().upload({ file: file('sch01,甲,S001,总部/人事部', 'sch02,乙,S002,总部/人事部') }, { id: sourceId });
});

describe('schedules', () => {
  it('refuses a schedule that is not a cron expression of five fields, naming the format', async () => {
    for (const schedule of ['every night', '* * * *', '61 * * * *', '0 25 * * *', '0 2 * * 9', '0 0 1 1 * 2030']) {
      expect(await failure(suite.admin, api().submit({ name: 'Bad schedule', kind: 'file', schedule } as never))).toEqual(bad(m.schedule));
    }
    const english = await signInAdmin(suite.server, { language: 'en' });
    const refused = await failure(english, english.system.syncSource.submit({ name: 'x', kind: 'file', schedule: '61 2 * * *' } as never));
    expect(refused.msg).toContain('a cron expression of five fields (minute hour day month weekday)');
  });

  it('places a saved schedule at its next time, and moves it when the schedule changes', async () => {
    const next = await nextOf(sourceId);
    expect(next).not.toBeNull();
    expect(next?.getMinutes()).toBe(30);
    expect(next?.getHours()).toBe(2);
    expect(next!.getTime()).toBeGreaterThan(Date.now());
    await api().submit({ id: sourceId, schedule: '15 3 * * *' } as never);
    expect((await nextOf(sourceId))?.getHours()).toBe(3);
  });

  it('runs a due source once across two nodes ticking together, logged like any run, and not again until its next time', async () => {
    const due = (await nextOf(sourceId)) as Date;
    // Before its time: nothing runs.
    expect(await runDueSources(suite.server.ctx, new Date(due.getTime() - 60_000))).toEqual([]);
    const tick = new Date(due.getTime() + 30_000);
    const [first, second] = await Promise.all([runDueSources(suite.server.ctx, tick), runDueSources(suite.server.ctx, tick)]);
    expect([...first, ...second]).toEqual([sourceId]);
    expect(await runsOf(sourceId)).toEqual([{ outcome: 'applied', message: 'schedule', creates: 4, dryRun: 0 }]);
    expect((await nextOf(sourceId))?.getTime()).toBe(due.getTime() + 24 * 3600_000);
    expect(await runDueSources(suite.server.ctx, tick)).toEqual([]);
    const user = await db().selectFrom('blade_user').select('status').where('account', '=', 'sch01').executeTakeFirstOrThrow();
    expect(user.status).toBe(1);
  });

  it('skips a due time while another run holds the source, and leaves a disabled source alone', async () => {
    const due = (await nextOf(sourceId)) as Date;
    await db()
      .updateTable('blade_sync_source')
      .set({ runOwner: 'another-node', runUntil: new Date(Date.now() + 60_000) })
      .where('id', '=', sourceId)
      .execute();
    expect(await runDueSources(suite.server.ctx, new Date(due.getTime() + 1000))).toEqual([]);
    await db().updateTable('blade_sync_source').set({ runOwner: null, runUntil: null }).where('id', '=', sourceId).execute();
    expect(await runsOf(sourceId)).toHaveLength(1);
    await api().submit({ id: sourceId, status: 2 } as never);
    const later = (await nextOf(sourceId)) as Date;
    expect(await runDueSources(suite.server.ctx, new Date(later.getTime() + 1000))).toEqual([]);
    expect(await runsOf(sourceId)).toHaveLength(1);
  });
});
