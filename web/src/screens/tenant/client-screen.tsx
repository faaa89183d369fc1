import { client as clientDef } from '@sso/shared-api';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { type CrudApi, crudApi, type Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { type Secret, SecretDialog } from './secret-dialog.js';
import './strings.js';

const def = clientDef;

/** The secret in a save's answer: only an insert carries one. */
const secretOf = (answer: unknown): Secret | undefined => {
  const row = answer as Partial<Secret> | null;
  return row && typeof row.clientSecret === 'string' && row.clientSecret
    ? { clientId: String(row.clientId), clientSecret: row.clientSecret }
    : undefined;
};

/**
 * /system/client (客户端管理): the generic page; the secret the server generates on insert (and
 * on 重置密钥, button `client_edit`) is shown once in its own dialog with a copy button.
 */
export default function ClientScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canEdit = useStore(userStore, (s) => s.permissions.client_edit === true);
  const [secret, setSecret] = useState<Secret>();

  const api = useMemo<CrudApi>(() => {
    const generic = crudApi(client, def);
    return {
      ...generic,
      async submit(row) {
        const answer = await generic.submit(row);
        const revealed = secretOf(answer);
        if (revealed) setSecret(revealed);
        return answer;
      },
    };
  }, []);

  const regenerate = (row: Row) =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('tenantScreen.regenerateConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          setSecret(secretOf(await client.system.client.regenerateSecret(undefined, { id: String(row.id) })));
        } catch {
          // toasted by the response handler
        }
      },
    });

  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        api={api}
        rowActions={
          canEdit
            ? (row) => (
                <Button type="link" size="small" danger onClick={() => regenerate(row)}>
                  {t('tenantScreen.regenerate')}
                </Button>
              )
            : undefined
        }
      />
      <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />
    </>
  );
}
