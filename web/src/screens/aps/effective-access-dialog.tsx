import type { EffectiveAccess } from '@sso/shared-api';
import { Button, Card, Empty, Flex, List, Modal, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import { callExtra, defs } from './authz-api.js';
import './authz-strings.js';

type App = EffectiveAccess['apps'][number];
type Origin = App['menus'][number]['from'][number];

function useSourceText() {
  const { t, i18n } = useTranslation();
  const source = (code: string) => (i18n.exists(`authzScreen.sources.${code}`) ? t(`authzScreen.sources.${code}`) : code);
  const expiry = (at: string) => (at ? `${t('authzScreen.expires')} ${at}` : t('authzScreen.never'));
  const origin = (from: Origin) =>
    `${from.kind === 'approle' ? t('authzScreen.viaRole', { role: from.roleName }) : t('authzScreen.direct')}` +
    `${from.source && from.kind === 'direct' ? ` · ${source(from.source)}` : ''} · ${expiry(from.expireTime)}`;
  return { source, expiry, origin };
}

/** Where one held item comes from: a tag per role or direct grant, with its expiry. */
function Origins({ from }: { from: Origin[] }) {
  const { origin } = useSourceText();
  return (
    <Flex wrap gap={4}>
      {from.map((item) => (
        <Tag key={`${item.kind}:${item.roleName}:${item.source}`} color={item.kind === 'direct' ? 'blue' : 'green'}>
          {origin(item)}
        </Tag>
      ))}
    </Flex>
  );
}

/** One application the user holds something in: why they may open it, their roles, menus and functions. */
function AppAccess({ app }: { app: App }) {
  const { t } = useTranslation();
  const { source, expiry } = useSourceText();
  return (
    <Card size="small" title={`${app.appName} (${app.appCode})`} data-testid={`access-app-${app.appCode}`}>
      <Typography.Text strong>{t('authzScreen.openedThrough')}: </Typography.Text>
      {app.openedThrough.length === 0 ? (
        <Tag color="red">{t('authzScreen.notOpened')}</Tag>
      ) : (
        app.openedThrough.map((way) => (
          <Tag key={`${way.kind}:${way.name}`}>{`${t(`authzScreen.through.${way.kind}`)}${way.name ? `: ${way.name}` : ''}`}</Tag>
        ))
      )}
      <List
        size="small"
        header={<Typography.Text strong>{t('authzScreen.roles')}</Typography.Text>}
        dataSource={app.roles}
        locale={{ emptyText: '—' }}
        renderItem={(role) => (
          <List.Item>
            <Flex wrap gap={4} style={{ overflowWrap: 'anywhere' }}>
              <span>{`${role.roleName} (${role.roleAlias})`}</span>
              <Tag color="blue">{source(role.source)}</Tag>
              <Tag>{expiry(role.expireTime)}</Tag>
            </Flex>
          </List.Item>
        )}
      />
      <List
        size="small"
        header={<Typography.Text strong>{t('authzScreen.menus')}</Typography.Text>}
        dataSource={app.menus}
        locale={{ emptyText: '—' }}
        renderItem={(menu) => (
          <List.Item>
            <Flex vertical gap={2} style={{ overflowWrap: 'anywhere' }}>
              <span>{`${menu.name} (${menu.code})`}</span>
              <Origins from={menu.from} />
            </Flex>
          </List.Item>
        )}
      />
      <List
        size="small"
        header={<Typography.Text strong>{t('authzScreen.functions')}</Typography.Text>}
        dataSource={app.functions}
        locale={{ emptyText: '—' }}
        renderItem={(fn) => (
          <List.Item>
            <Flex vertical gap={2} style={{ overflowWrap: 'anywhere' }}>
              <span>{`${fn.functionName} (${fn.functionCode})`}</span>
              <Origins from={fn.from} />
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

export interface EffectiveAccessDialogProps {
  /** The user whose access is shown; closed when undefined. */
  userId?: string;
  onClose: () => void;
}

/** Everything one user holds in every application, and where each item comes from (role, direct grant, request, expiry). */
export function EffectiveAccessDialog({ userId, onClose }: EffectiveAccessDialogProps) {
  const { t } = useTranslation();
  const [access, setAccess] = useState<EffectiveAccess>();
  useEffect(() => {
    setAccess(undefined);
    if (!userId) return;
    let live = true;
    callExtra<EffectiveAccess>(defs.userRole, 'effectiveAccess', { userId }).then(
      (answer) => live && setAccess(answer),
      () => live && onClose(), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [userId, onClose]);

  const name = access ? `${access.user.realName} (${access.user.account})` : '';
  return (
    <Modal
      open={Boolean(userId)}
      title={t('authzScreen.effectiveTitle', { name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width="min(760px, 96vw)"
    >
      <div data-testid="effective-access">
        {!access ? (
          <Spin />
        ) : access.apps.length === 0 ? (
          <Empty description={t('authzScreen.noAccess')} />
        ) : (
          <Flex vertical gap={12}>
            {access.apps.map((app) => (
              <AppAccess key={app.appId} app={app} />
            ))}
          </Flex>
        )}
      </div>
    </Modal>
  );
}

/** A row action opening one user's effective access (the user screen's rows); shown to those who may view the user role grants screen. */
export function EffectiveAccessButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const allowed = useStore(userStore, (s) => s.permissions.userauthorizedrole_view === true);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  if (!allowed) return null;
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>
        {t('authzScreen.effectiveAccess')}
      </Button>
      <EffectiveAccessDialog userId={open ? userId : undefined} onClose={close} />
    </>
  );
}
