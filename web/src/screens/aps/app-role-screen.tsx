import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { crudApi, type Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { defs } from './authz-api.js';
import './authz-strings.js';
import { RoleGrantDialog } from './role-grant-dialog.js';

const roles = crudApi(client, defs.appRole);

/**
 * /aps/approle, /aps/approlemenu, /aps/approlefunction: the generic page of the resource, each
 * role row (or grant row, by its role) with 权限设置 opening the menu and function trees.
 */
export default function AppRoleScreen({ menu, def }: ScreenProps) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Row>();
  const page = def ?? defs.appRole;
  const onRoles = page.name === 'approle';
  const canGrant = useStore(userStore, (s) => s.permissions.approlemenu_grant === true || s.permissions.approlefunction_grant === true);
  const close = useCallback(() => setRole(undefined), []);

  const open = async (row: Row) => {
    if (onRoles) return setRole(row);
    // A grant row names its role: the dialog needs the role's application.
    try {
      setRole(await roles.detail(String(row.appRoleId)));
    } catch {
      // toasted by the response handler
    }
  };

  return (
    <>
      <CrudPage
        def={page}
        title={menu?.name}
        rowActions={(row) =>
          canGrant && (
            <Button type="link" size="small" onClick={() => void open(row)}>
              {t('authzScreen.grantSettings')}
            </Button>
          )
        }
      />
      <RoleGrantDialog role={role} onClose={close} />
    </>
  );
}
