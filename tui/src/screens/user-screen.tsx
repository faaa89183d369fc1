import { type TreeNode, user } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { ConfirmLine } from '../components/confirm-line.js';
import { type ListHandle, ListScreen } from '../components/list-screen.js';
import { TreePicker } from '../components/tree-picker.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import type { Row } from '../core/use-list.js';

type Overlay = { kind: 'dept' } | { kind: 'grant'; rows: Row[]; list: ListHandle } | { kind: 'reset'; rows: Row[] };

/** Users: the generic list, filtered by a department (and those below it), with unlock, password reset and role grants. */
export function UserScreen({ active, width, height }: { active: boolean; width: number; height: number }) {
  const { client, run, notify } = useConsole();
  const { t } = useLang();
  const [dept, setDept] = useState<{ id: string; title: string }>();
  const [overlay, setOverlay] = useState<Overlay>();
  const [depts, setDepts] = useState<TreeNode[]>([]);
  const [roles, setRoles] = useState<TreeNode[]>([]);

  useEffect(() => {
    void run(() => client.system.dept.tree()).then((nodes) => nodes && setDepts(nodes));
    void run(() => client.system.role.tree()).then((nodes) => nodes && setRoles(nodes));
  }, [client, run]);

  const ids = (rows: Row[]) => rows.map((row) => String(row.id)).join(',');
  const unlock = async (rows: Row[], list: ListHandle) => {
    const done = await run(() => client.user.user.unlock(undefined, { userIds: ids(rows) }));
    if (done !== undefined) {
      notify(t('unlocked', { n: rows.length }));
      list.clearChecked();
      list.reload();
    }
  };
  const close = () => setOverlay(undefined);

  const findTitle = (nodes: readonly TreeNode[], id: string): string =>
    nodes.reduce((found, node) => found || (node.id === id ? node.title : findTitle(node.children ?? [], id)), '');

  const drawn =
    overlay?.kind === 'dept' ? (
      <TreePicker
        title={t('deptFilter')}
        nodes={[{ id: '', parentId: '', title: t('allDepts'), key: '', value: '', hasChildren: false }, ...depts]}
        multiple={false}
        active={active}
        width={Math.min(width, 50)}
        height={12}
        onCancel={close}
        onDone={([id]) => {
          setDept(id ? { id, title: findTitle(depts, id) } : undefined);
          close();
        }}
      />
    ) : overlay?.kind === 'grant' ? (
      <TreePicker
        title={`${t('grantRoles')} (${overlay.rows.map((r) => r.account).join(', ')})`}
        nodes={roles}
        multiple
        initial={
          overlay.rows.length === 1
            ? String(overlay.rows[0].roleId ?? '')
                .split(',')
                .filter(Boolean)
            : []
        }
        active={active}
        width={Math.min(width, 50)}
        height={12}
        onCancel={close}
        onDone={(roleIds) => {
          const { rows, list } = overlay;
          close();
          void run(() => client.user.user.grant(undefined, { userIds: ids(rows), roleIds: roleIds.join(',') })).then((done) => {
            if (done === undefined) return;
            notify(t('granted'));
            list.reload();
          });
        }}
      />
    ) : overlay?.kind === 'reset' ? (
      <ConfirmLine
        question={t('confirmReset', { n: overlay.rows.length })}
        active={active}
        onAnswer={(yes) => {
          const rows = overlay.rows;
          close();
          if (yes)
            void run(() => client.user.user.resetPassword(undefined, { userIds: ids(rows) })).then((done) => {
              if (done !== undefined) notify(t('resetDone', { n: rows.length }));
            });
        }}
      />
    ) : undefined;

  return (
    <Box flexDirection="column">
      {dept ? <Text color="cyan">{`${t('deptFilter')}: ${dept.title}`}</Text> : null}
      <ListScreen
        def={user}
        active={active}
        width={width}
        height={height - (dept ? 1 : 0)}
        scope={dept ? { deptId: dept.id } : {}}
        hints={t('userKeys')}
        overlay={drawn}
        onKey={(input, _key, list) => {
          const rows = list.targets;
          if (input === 't') setOverlay({ kind: 'dept' });
          else if (input === 'u' && rows.length) void unlock(rows, list);
          else if (input === 'g' && rows.length) setOverlay({ kind: 'grant', rows, list });
          else if (input === 'p' && rows.length) setOverlay({ kind: 'reset', rows });
          else return false;
          return true;
        }}
      />
    </Box>
  );
}
