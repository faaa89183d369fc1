import { registry, rowsListing } from '@sso/shared-api';
import { useState } from 'react';
import { ConfirmLine } from '../components/confirm-line.js';
import { type ListHandle, ListScreen } from '../components/list-screen.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import type { Row } from '../core/use-list.js';

/** The tasks 我的事务 lists, as the console's list kit reads them (columns and key from the definition). */
const TASKS = rowsListing(registry.flow.work);

/** The task lists of 我的事务 by menu code: the endpoint of blade-flow/work that answers each. */
export const WORK_LISTS: Readonly<Record<string, string>> = {
  work_todo: 'todo-list',
  work_claim: 'claim-list',
  work_send: 'send-list',
  work_done: 'done-list',
};

type Decision = { row: Row; list: ListHandle; flag: 'ok' | 'reject' };

/**
 * A task list of 我的事务 (to do, to claim, sent, done) as a table of the caller's tasks. To do:
 * `a` approves and `x` rejects the task under the cursor after a y/n; to claim: `c` claims it. The
 * server decides who may (the assignee, or a candidate after claiming).
 */
export function WorkScreen({ menuCode, active, width, height }: { menuCode: string; active: boolean; width: number; height: number }) {
  const { client, run, notify } = useConsole();
  const { t } = useLang();
  const [deciding, setDeciding] = useState<Decision>();

  const claim = async (row: Row, list: ListHandle) => {
    const done = await run(() => client.flow.work.claimTask(undefined, { taskId: String(row.taskId) }));
    if (done === undefined) return;
    notify(t('taskClaimed', { task: String(row.taskName) }));
    list.reload();
  };
  const decide = async ({ row, list, flag }: Decision) => {
    const done = await run(() =>
      client.flow.work.completeTask({ taskId: String(row.taskId), processInstanceId: String(row.processInstanceId), flag }),
    );
    if (done === undefined) return;
    notify(t(flag === 'ok' ? 'taskApproved' : 'taskRejected', { task: String(row.taskName) }));
    list.reload();
  };

  const overlay = deciding ? (
    <ConfirmLine
      question={t(deciding.flag === 'ok' ? 'confirmApprove' : 'confirmReject', { task: String(deciding.row.taskName) })}
      active={active}
      onAnswer={(yes) => {
        const chosen = deciding;
        setDeciding(undefined);
        if (yes) void decide(chosen);
      }}
    />
  ) : undefined;

  return (
    <ListScreen
      key={menuCode}
      def={TASKS}
      listPath={WORK_LISTS[menuCode]}
      active={active}
      width={width}
      height={height}
      hints={menuCode === 'work_todo' ? t('todoKeys') : menuCode === 'work_claim' ? t('claimKeys') : undefined}
      overlay={overlay}
      onKey={(input, _key, list) => {
        const row = list.row;
        if (!row) return false;
        if (menuCode === 'work_claim' && input === 'c') void claim(row, list);
        else if (menuCode === 'work_todo' && (input === 'a' || input === 'x'))
          setDeciding({ row, list, flag: input === 'a' ? 'ok' : 'reject' });
        else return false;
        return true;
      }}
    />
  );
}
