import { resourceNamespaces } from '@sso/shared-api';
import type { WebClient } from './web-client.js';

/** Gives the web client the registry's resource namespaces (`client.system.user.page()`, ...). */
export function attachResources(client: WebClient): void {
  if (!client.system) Object.assign(client, resourceNamespaces(client));
}
