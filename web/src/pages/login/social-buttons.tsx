import { Button, Flex } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { clearLock } from '../../session/lock.js';
import { clearUser } from '../../session/user-store.js';
import { enabledProviders, providerAddress, redeemSocialSignIn, type SocialProviderOption } from './social-api.js';
import './social-strings.js';

const RegisterDialog = lazy(() => import('./register-dialog.js'));
const SocialSecondStep = lazy(() => import('./social-second-step.js'));

/** Query parameters the platform's call back puts on /login; they leave the address bar at once. */
const CALLBACK_PARAMS = ['social', 'code', 'state', 'social_error'];
const FAILURES = new Set(['state', 'provider', 'denied', 'exchange', 'taken']);
/** States already redeemed in this page (a code is single use; React may run an effect twice). */
const redeemed = new Set<string>();

function takeCallbackParams(): URLSearchParams | undefined {
  const params = new URLSearchParams(window.location.search);
  if (!CALLBACK_PARAMS.some((key) => params.has(key))) return undefined;
  const rest = new URLSearchParams(params);
  for (const key of [...CALLBACK_PARAMS, 'tenantId']) rest.delete(key);
  const query = rest.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
  return params;
}

/**
 * The tenant's social sign-in providers as buttons under the sign-in form. A button asks the
 * server for the provider address (state, nonce and PKCE stay on the server) and goes there; back
 * from the provider, the page lands here with a one-time code, redeemed with grant_type=social:
 * a bound account is signed in (the router then moves on), an unknown identity opens the
 * registration dialog with its oauthId, and a second factor is asked for when the account has one.
 */
export default function SocialButtons({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<SocialProviderOption[]>([]);
  const [going, setGoing] = useState<string>();
  const [unbound, setUnbound] = useState<{ oauthId: string; tenantId: string; registrationTicket: string }>();
  const [secondStep, setSecondStep] = useState<{ ticket: string; tenantId: string; methods: string[] }>();

  useEffect(() => {
    let live = true;
    enabledProviders(tenantId).then(
      (list) => live && setProviders(list),
      () => live && setProviders([]),
    );
    return () => {
      live = false;
    };
  }, [tenantId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the call back is finished once, on arrival
  useEffect(() => {
    const params = takeCallbackParams();
    if (!params) return;
    const failure = params.get('social_error');
    if (failure) feedback.message.error(t(`social.failed.${FAILURES.has(failure) ? failure : 'exchange'}`));
    const source = params.get('social');
    const code = params.get('code');
    const state = params.get('state');
    if (!source || !code || !state || redeemed.has(state)) return;
    redeemed.add(state);
    const tenant = params.get('tenantId') || tenantId;
    clearUser();
    void redeemSocialSignIn({ source, code, state, tenantId: tenant }).then(
      (outcome) => {
        if (outcome.kind === 'signed-in') {
          clearLock();
          feedback.message.success(t('login.success'));
        } else if (outcome.kind === 'unbound') {
          feedback.message.info(t('social.unbound'));
          setUnbound({ oauthId: outcome.oauthId, tenantId: outcome.tenantId, registrationTicket: outcome.registrationTicket });
        } else if (outcome.kind === 'second-factor') {
          setSecondStep({ ticket: outcome.ticket, tenantId: tenant, methods: outcome.methods });
        } else {
          feedback.message.error(outcome.message);
        }
      },
      (error: unknown) => feedback.message.error(errorMessage(error)),
    );
  }, []);

  async function go(provider: SocialProviderOption) {
    setGoing(provider.id);
    try {
      window.location.assign(await providerAddress(provider.id, tenantId));
    } catch (error) {
      setGoing(undefined);
      feedback.message.error(errorMessage(error));
    }
  }

  return (
    <>
      {providers.length > 0 && (
        <nav aria-label={t('social.divider')} className="social-sign-in" style={{ marginTop: 16 }}>
          <p style={{ textAlign: 'center', margin: '0 0 8px', opacity: 0.65, fontSize: 13 }}>{t('social.divider')}</p>
          <Flex wrap gap={8} justify="center">
            {providers.map((provider) => (
              <Button
                key={provider.id}
                data-kind={provider.kind}
                aria-label={t('social.signInWith', { name: provider.name })}
                loading={going === provider.id}
                disabled={going !== undefined && going !== provider.id}
                onClick={() => void go(provider)}
              >
                {provider.name}
              </Button>
            ))}
          </Flex>
        </nav>
      )}
      {unbound && (
        <Suspense fallback={null}>
          <RegisterDialog
            open
            onClose={() => setUnbound(undefined)}
            hostTenant={unbound.tenantId}
            oauthId={unbound.oauthId}
            oauthTicket={unbound.registrationTicket}
          />
        </Suspense>
      )}
      {secondStep && (
        <Suspense fallback={null}>
          <SocialSecondStep
            ticket={secondStep.ticket}
            tenantId={secondStep.tenantId}
            methods={secondStep.methods}
            onClose={() => setSecondStep(undefined)}
          />
        </Suspense>
      )}
    </>
  );
}
