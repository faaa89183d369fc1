import type { LoginOptions } from '@sso/shared-api/auth';
import { useEffect, useState } from 'react';
import { client } from '../../api/client.js';
import { website } from '../../config.js';

/**
 * Whether the sign-in form asks for the tenant and needs a captcha, as the server answers for
 * `tenantId` (GET oauth/login-options, public): operators switch both without rebuilding the app.
 * Until the answer comes (or when it fails) the build's defaults hold: tenant mode as configured,
 * no captcha (the server still refuses a sign-in that needed one, with its reason).
 */
export function useLoginOptions(tenantId: string): LoginOptions & { checked: boolean } {
  const [state, setState] = useState<LoginOptions & { checked: boolean }>({
    tenantMode: website.tenantMode,
    captchaRequired: false,
    checked: false,
  });
  useEffect(() => {
    let live = true;
    client.loginOptions(tenantId).then(
      (options) => live && setState({ ...options, checked: true }),
      () => live && setState((previous) => ({ ...previous, checked: true })),
    );
    return () => {
      live = false;
    };
  }, [tenantId]);
  return state;
}
