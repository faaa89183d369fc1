import { role } from '@sso/shared-api';
import { Button } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { type CrudApi, crudApi } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { RoleGrantDialog } from './role-grant-dialog.js';
import './strings.js';

const roleDef = role;

/** The generic routes, but the list is `role/list`: the whole tree (filtered by name or alias), not a page. */
function roleTreeApi(): CrudApi {
  const generic = crudApi(client, roleDef);
  return {
    ...generic,
    async list({ roleName, roleAlias }) {
      const rows = await client.system.role.list({ roleName: roleName as string | undefined, roleAlias: roleAlias as string | undefined });
      return { rows, total: rows.length, tree: true };
    },
  };
}

/**
 * /authority/role (角色管理): the generic page over the role tree list, plus 权限设置 (button
 * `role_grant`) on the toolbar for the one ticked role and on every row.
 */
export default function RoleScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canGrant = useStore(userStore, (s) => s.permissions.role_grant === true);
  const [granting, setGranting] = useState<string>();
  const close = useCallback(() => setGranting(undefined), []);
  const api = useMemo(roleTreeApi, []);

  const grantSelected = (selected: string[]) => {
    if (selected.length === 0) feedback.message.warning(t('crud.selectOne'));
    else if (selected.length > 1) feedback.message.warning(t('roleScreen.selectOnlyOne'));
    else setGranting(selected[0]);
  };

  return (
    <>
      <CrudPage
        def={roleDef}
        title={menu?.name}
        api={api}
        toolbar={({ selected }) =>
          canGrant && (
            <Button onClick={() => grantSelected(selected)} data-testid="role-grant">
              {t('roleScreen.grant')}
            </Button>
          )
        }
        rowActions={
          canGrant
            ? (row) => (
                <Button type="link" size="small" onClick={() => setGranting(String(row.id))}>
                  {t('roleScreen.grant')}
                </Button>
              )
            : undefined
        }
      />
      <RoleGrantDialog roleId={granting} onClose={close} />
    </>
  );
}
