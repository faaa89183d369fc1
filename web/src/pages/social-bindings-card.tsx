import { Avatar, Button, Card, Flex, List, Popconfirm } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { errorMessage } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import { enabledProviders, providerAddress, type SocialProviderOption } from './login/social-api.js';
import './login/social-strings.js';

type Binding = Awaited<ReturnType<typeof client.system.socialProvider.bindings>>[number];
const FAILURES = new Set(['state', 'provider', 'denied', 'exchange', 'taken']);

/** What a binding round trip reports back in /info/index?social_bind=…; the parameter then leaves the address. */
function takeBindOutcome(): string | undefined {
  const params = new URLSearchParams(window.location.search);
  const outcome = params.get('social_bind') ?? undefined;
  if (outcome) {
    params.delete('social_bind');
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  }
  return outcome;
}

/**
 * The signed-in user's third-party accounts on /info/index: each binding with its provider and
 * when it was made, removable after a confirmation; a button per enabled provider of the tenant
 * binds another one (the provider's sign-in, then back here).
 */
export default function SocialBindingsCard() {
  const { t, i18n } = useTranslation();
  const [bindings, setBindings] = useState<Binding[]>([]);
  const [providers, setProviders] = useState<SocialProviderOption[]>([]);
  const [going, setGoing] = useState<string>();
  const tenantId = client.session?.token.tenant_id ?? '';

  const reload = useCallback(() => {
    client.system.socialProvider.bindings().then(setBindings, () => undefined);
  }, []);

  useEffect(() => {
    reload();
    if (tenantId) enabledProviders(tenantId).then(setProviders, () => undefined);
    const outcome = takeBindOutcome();
    if (outcome === 'done') feedback.message.success(t('social.bound'));
    else if (outcome) feedback.message.error(t(`social.failed.${FAILURES.has(outcome) ? outcome : 'exchange'}`));
  }, [reload, tenantId, t]);

  async function bind(provider: SocialProviderOption) {
    setGoing(provider.id);
    try {
      window.location.assign(await providerAddress(provider.id, tenantId, true));
    } catch (error) {
      setGoing(undefined);
      feedback.message.error(errorMessage(error));
    }
  }

  async function unbind(binding: Binding) {
    try {
      await client.system.socialProvider.unbind(undefined, { id: binding.id });
      feedback.message.success(t('social.unbound_done'));
      reload();
    } catch {
      // toasted by the response handler
    }
  }

  const name = (binding: Binding) => binding.providerName || binding.kind || binding.providerId;
  return (
    <Card title={t('social.bindings')} style={{ marginTop: 12 }} className="social-bindings">
      <List
        dataSource={bindings}
        locale={{ emptyText: t('social.bindingsEmpty') }}
        renderItem={(binding) => (
          <List.Item
            actions={[
              <Popconfirm
                key="unbind"
                title={t('social.unbindConfirm', { name: name(binding) })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                onConfirm={() => unbind(binding)}
              >
                <Button type="link" danger size="small">
                  {t('social.unbind')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={binding.avatar ? <Avatar src={binding.avatar} alt="" /> : <Avatar>{name(binding).slice(0, 1)}</Avatar>}
              title={`${name(binding)} · ${binding.nickname || binding.username}`}
              description={t('social.boundAt', { time: new Date(binding.createTime).toLocaleString(i18n.language) })}
            />
          </List.Item>
        )}
      />
      {providers.length > 0 && (
        <Flex wrap gap={8} style={{ marginTop: 12 }}>
          {providers.map((provider) => (
            <Button key={provider.id} loading={going === provider.id} onClick={() => void bind(provider)}>
              {t('social.bind', { name: provider.name })}
            </Button>
          ))}
        </Flex>
      )}
    </Card>
  );
}
