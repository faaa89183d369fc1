import { type ResourceDef, registry } from '@sso/shared-api';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { CrudApi, Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../index.js';
import { useHasButton } from '../resource/use-permission.js';
import { NoticeDialog } from './notice-dialog.js';

/** The generic page keeps list, view and delete; add and edit open the notice editor instead. */
const def = registry.desk.notice as unknown as ResourceDef;
const listDef: ResourceDef = { ...def, view: { ...def.view, actions: { ...def.view.actions, add: false, edit: false } } };

/** Notices (`/desk/notice`): the generic list with an editor for the content and release time. */
export default function NoticeScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canAdd = useHasButton('notice_add');
  const canEdit = useHasButton('notice_edit');
  const [editing, setEditing] = useState<{ target: 'add' | Row; api: CrudApi; reload: () => Promise<void> }>();

  const openEdit = async (row: Row, api: CrudApi, reload: () => Promise<void>) => {
    try {
      setEditing({ target: await api.detail(String(row.id)), api, reload });
    } catch {
      // toasted by the response handler
    }
  };

  const save = async (values: Row) => {
    if (!editing) return;
    const update = editing.target !== 'add';
    await editing.api.submit(update ? { ...values, id: (editing.target as Row).id } : values);
    feedback.message.success(t(update ? 'crud.updated' : 'crud.added'));
    setEditing(undefined);
    await editing.reload();
  };

  return (
    <>
      <CrudPage
        def={listDef}
        title={menu?.name}
        toolbar={(ctx) =>
          canAdd && (
            <Button type="primary" onClick={() => setEditing({ target: 'add', api: ctx.api, reload: ctx.reload })}>
              {t('crud.add')}
            </Button>
          )
        }
        rowActions={(row, ctx) =>
          canEdit && (
            <Button type="link" size="small" onClick={() => void openEdit(row, ctx.api, ctx.reload)}>
              {t('crud.edit')}
            </Button>
          )
        }
      />
      <NoticeDialog def={def} editing={editing?.target} onSubmit={save} onClose={() => setEditing(undefined)} />
    </>
  );
}
