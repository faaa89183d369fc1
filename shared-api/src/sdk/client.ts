import { type Registry, registry } from '../resources/index.js';
import { AuthClient, type ClientOptions } from './auth-client.js';
import { type EntryApi, entryClient } from './resource-client.js';

/** Every registry entry's client, by group and key (`sdk.system.user.page()`, `sdk.flow.work.todoList()`). */
export type Sdk = { [G in keyof Registry]: { [N in keyof Registry[G]]: EntryApi<Registry[G][N]> } };

/** The resource namespaces of the registry, their calls going through `client`. */
export function resourceNamespaces(client: AuthClient): Sdk {
  return Object.fromEntries(
    Object.entries(registry).map(([group, resources]) => [
      group,
      Object.fromEntries(Object.entries(resources).map(([key, def]) => [key, entryClient(client, def)])),
    ]),
  ) as unknown as Sdk;
}

/** The whole SDK: the sign-in part (AuthClient) and every group of the registry (`sdk.portal.app.open()`). */
// The groups are the registry's, not a list kept here: a group added to the registry is on the SDK,
// the web's client, the CLI and the TUI at once. The interface gives the class the groups' types;
// the constructor fills them from the same registry.
export interface SsoClient extends Sdk {}
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor assigns every member the interface declares
export class SsoClient extends AuthClient {
  constructor(options: ClientOptions) {
    super(options);
    Object.assign(this, resourceNamespaces(this));
  }
}
