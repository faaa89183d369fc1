import { user } from '@sso/shared-api';
import { useCallback, useMemo, useRef, useState } from 'react';
import { client } from '../../api/client.js';
import { type CrudApi, crudApi, type Row } from '../../crud/crud-api.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import { registerFieldRenderer } from '../../crud/field-renderers.js';
import { PageLoading } from '../../lib/page-loading.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import { EffectiveAccessButton } from '../aps/effective-access-dialog.js';
import type { ScreenProps } from '../screen-props.js';
import { DeptTree } from './dept-tree.js';
import { GrantDialog } from './grant-dialog.js';
import { ImportDialog } from './import-dialog.js';
import './strings.js';
import { AccountCell } from './account-cell.js';
import { useUserTrees } from './use-trees.js';
import { type Filters, type ListSeen, namesOfTree, userApi } from './user-api.js';
import { UserToolbar } from './user-toolbar.js';

const userDef = user;
/** The button that unlocks accounts: who holds it sees which accounts are locked. */
const UNLOCK = String(user.extras.unlock.permission);

// A locked account is marked in the list, with the end of its lock; unlock (toolbar) releases it.
registerFieldRenderer(user, 'account', { cell: (value, { row }) => <AccountCell account={value} lockedUntil={row.lockedUntil} /> });

export interface UserScreenProps extends ScreenProps {
  /** Tests inject an API on a fake transport; the app uses the registry resource's routes. */
  api?: CrudApi;
}

/**
 * 用户管理 (/system/user), after BladeX's user screen: the generic page of the user resource
 * with the department tree beside it, and the grant / reset / unlock / import / export buttons.
 */
export default function UserScreen({ menu, def = userDef, api: injected }: UserScreenProps) {
  const trees = useUserTrees();
  const [deptId, setDeptId] = useState<string>();
  const [grantIds, setGrantIds] = useState<string[]>([]);
  const [importing, setImporting] = useState(false);
  const seen = useRef<ListSeen>({ filters: {}, rows: [] });

  const mayUnlock = useStore(userStore, (s) => s.permissions[UNLOCK] === true);
  const api = useMemo(() => {
    const names = { depts: namesOfTree(trees.depts), roles: namesOfTree(trees.roles) };
    const base = injected ?? crudApi(client, def);
    const locked = mayUnlock ? () => client.user.user.lockedAccounts() : undefined;
    return userApi(
      base,
      names,
      (list) => {
        seen.current = list;
      },
      locked,
    );
  }, [injected, def, trees, mayUnlock]);

  /** The roles of the one user selected (BladeX ticks them), none for several. */
  const initialRoles = useMemo(() => {
    if (grantIds.length !== 1) return [];
    const row = seen.current.rows.find((r: Row) => String(r.id) === grantIds[0]);
    return typeof row?.roleId === 'string' && row.roleId ? row.roleId.split(',') : [];
  }, [grantIds]);

  const filters = useCallback((): Filters => seen.current.filters, []);
  // The page's context as of its last render: the dialogs live outside the toolbar and reload through it.
  const page = useRef<CrudContext>(undefined);
  const reload = useCallback(async () => page.current?.reload(), []);

  // The list waits for the trees so its rows show department and role names from the start.
  if (!trees.ready) return <PageLoading />;
  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        api={api}
        filters={{ deptId }}
        aside={<DeptTree depts={trees.depts} selected={deptId} onSelect={setDeptId} />}
        rowActions={(row) => <EffectiveAccessButton userId={String(row.id)} />}
        toolbar={(ctx) => {
          page.current = ctx;
          return <UserToolbar ctx={ctx} filters={filters} onGrant={setGrantIds} onImport={() => setImporting(true)} />;
        }}
      />
      <GrantDialog userIds={grantIds} roles={trees.roles} initial={initialRoles} onClose={() => setGrantIds([])} onGranted={reload} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </>
  );
}
