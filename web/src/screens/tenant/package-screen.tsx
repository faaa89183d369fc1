import type { ResourceDef } from '@sso/shared-api';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import type { CrudContext } from '../../crud/crud-page.js';
import CrudPage from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { PackageDialog, packageDef } from './package-dialog.js';

/** The generic page keeps list, search and delete; add and edit open the package dialog instead. */
const listDef: ResourceDef = {
  ...packageDef,
  view: { ...packageDef.view, actions: { ...packageDef.view.actions, add: false, edit: false } },
};

/** /system/tenantpackage (租户产品包): the generic page with the menu tree dialog. */
export default function PackageScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const permissions = useStore(userStore, (s) => s.permissions);
  const [dialog, setDialog] = useState<{ mode?: 'add' | 'edit'; row?: Row; ctx?: CrudContext }>({});

  const edit = async (row: Row, ctx: CrudContext) => {
    try {
      setDialog({ mode: 'edit', row: await ctx.api.detail(String(row.id)), ctx });
    } catch {
      // toasted by the response handler
    }
  };

  const save = async (values: Row) => {
    await client.system.tenantPackage.submit(values as never);
    feedback.message.success(t(dialog.mode === 'edit' ? 'crud.updated' : 'crud.added'));
    const reload = dialog.ctx?.reload;
    setDialog({});
    await reload?.();
  };

  return (
    <>
      <CrudPage
        def={listDef}
        title={menu?.name}
        toolbar={(ctx) =>
          permissions.tenantpackage_add && (
            <Button type="primary" onClick={() => setDialog({ mode: 'add', ctx })}>
              {t('crud.add')}
            </Button>
          )
        }
        rowActions={
          permissions.tenantpackage_edit
            ? (row, ctx) => (
                <Button type="link" size="small" onClick={() => void edit(row, ctx)}>
                  {t('crud.edit')}
                </Button>
              )
            : undefined
        }
      />
      <PackageDialog mode={dialog.mode} row={dialog.row} onSubmit={save} onClose={() => setDialog({})} />
    </>
  );
}
