import { useEffect, useState } from 'react';
import { client } from '../../api/client.js';

/**
 * The tenant owning this host (GET tenant/info?domain=<host>, public): when there is one the
 * login and registration forms hide their tenant field and use it.
 */
export function useHostTenant(): { tenantId?: string; checked: boolean } {
  const [state, setState] = useState<{ tenantId?: string; checked: boolean }>({ checked: false });
  useEffect(() => {
    let live = true;
    client.hostTenant(window.location.host).then(
      (info) => live && setState({ tenantId: info.tenantId || undefined, checked: true }),
      () => live && setState({ checked: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
