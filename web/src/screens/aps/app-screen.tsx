import { app as appDef } from '@sso/shared-api';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { type CrudApi, crudApi, type Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { registerFieldRenderer } from '../../crud/field-renderers.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { type Secret, SecretDialog } from '../tenant/secret-dialog.js';
import { AppGrantDialog } from './app-grant-dialog.js';
import { IconInput } from './icon-input.js';
import { ColorInput, ProtocolInput } from './protocol-input.js';
import { RedirectUrisInput } from './redirect-uris-input.js';
import { type ScimToken, ScimTokenDialog } from './scim-token-dialog.js';
import './strings.js';

const def = appDef;

registerFieldRenderer(appDef, 'redirectUris', { Input: RedirectUrisInput, fullWidth: true });
registerFieldRenderer(appDef, 'icon', { Input: IconInput });
registerFieldRenderer(appDef, 'color', { Input: ColorInput });
registerFieldRenderer(appDef, 'protocol', { Input: ProtocolInput });

/** The secret in an answer (a new oidc application, or reset-secret): the client id is the application code. */
export const appSecretOf = (answer: unknown): Secret | undefined => {
  const row = answer as { appCode?: unknown; clientSecret?: unknown } | null;
  return row && typeof row.clientSecret === 'string' && row.clientSecret
    ? { clientId: String(row.appCode ?? ''), clientSecret: row.clientSecret }
    : undefined;
};

/**
 * /aps/app (应用信息): the generic page with the application's own inputs (redirect URIs checked
 * as typed, icon upload, colour, the protocol with a word on what it needs); the settings of each
 * protocol show only for it, as the definition declares. An oidc application's secret, answered
 * once by the server on creation and by 重置密钥 and kept only hashed, is shown once in its own dialog;
 * so is the SCIM token of 生成SCIM令牌, with the address downstream applications provision through.
 */
export default function AppScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canEdit = useStore(userStore, (s) => s.permissions.app_edit === true);
  const canGrant = useStore(userStore, (s) => s.permissions.appuser_add === true);
  const [secret, setSecret] = useState<Secret>();
  const [granting, setGranting] = useState<Row>();
  const [scimToken, setScimToken] = useState<ScimToken>();

  const api = useMemo<CrudApi>(() => {
    const generic = crudApi(client, def);
    return {
      ...generic,
      async submit(row) {
        const answer = await generic.submit(row);
        const revealed = appSecretOf(answer);
        if (revealed) setSecret(revealed);
        return answer;
      },
    };
  }, []);

  const resetSecret = (row: Row) =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('apsScreen.resetConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          setSecret(appSecretOf(await client.aps.app.resetSecret(undefined, { id: String(row.id) })));
        } catch {
          // toasted by the response handler
        }
      },
    });

  const mintScimToken = (row: Row) =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('apsScreen.scimConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await client.aps.app.scimToken(undefined, { id: String(row.id) });
          setScimToken({ appCode: answer.appCode, token: answer.token });
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
          canEdit || canGrant
            ? (row) => (
                <>
                  {canGrant && (
                    <Button type="link" size="small" onClick={() => setGranting(row)}>
                      {t('apsScreen.grant')}
                    </Button>
                  )}
                  {canEdit && (row.protocol === 'oidc' || row.protocol === 'token') && (
                    <Button type="link" size="small" danger onClick={() => resetSecret(row)}>
                      {t('apsScreen.resetSecret')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button type="link" size="small" onClick={() => mintScimToken(row)}>
                      {t('apsScreen.scimToken')}
                    </Button>
                  )}
                </>
              )
            : undefined
        }
      />
      <AppGrantDialog app={granting} onClose={() => setGranting(undefined)} />
      <SecretDialog secret={secret} onClose={() => setSecret(undefined)} />
      <ScimTokenDialog token={scimToken} onClose={() => setScimToken(undefined)} />
    </>
  );
}
