import { type Registry, registry } from '../resources/index.js';
import { AuthClient, type ClientOptions } from './auth-client.js';
import { type ResourceApi, resourceClient } from './resource-client.js';

/** Every registry resource's client, by group and key (`sdk.system.user.page()`). */
export type Sdk = { [G in keyof Registry]: { [N in keyof Registry[G]]: ResourceApi<Registry[G][N]> } };

/** The resource namespaces of the registry, their calls going through `client`. */
export function resourceNamespaces(client: AuthClient): Sdk {
  return Object.fromEntries(
    Object.entries(registry).map(([group, resources]) => [
      group,
      Object.fromEntries(Object.entries(resources).map(([key, def]) => [key, resourceClient(client, def)])),
    ]),
  ) as unknown as Sdk;
}

/** The whole SDK: the sign-in part (AuthClient) and every resource namespace of the registry. */
export class SsoClient extends AuthClient {
  readonly system: Sdk['system'];
  readonly user: Sdk['user'];
  readonly log: Sdk['log'];
  readonly desk: Sdk['desk'];
  readonly resource: Sdk['resource'];
  readonly report: Sdk['report'];
  /** Mobile applications: versions, members, downloads, start logs and their statistics. */
  readonly appmanage: Sdk['appmanage'];
  readonly demo: Sdk['demo'];
  /** Applications: the catalogue, who may open what, and authorization inside each application. */
  readonly aps: Sdk['aps'];
  /** Separation of duties: rules of application roles nobody may hold together, and their log. */
  readonly sod: Sdk['sod'];
  /** Workflow: process models, deployments, the caller's tasks, following and history, the leave process. */
  readonly flow: Sdk['flow'];

  constructor(options: ClientOptions) {
    super(options);
    const groups = resourceNamespaces(this);
    this.system = groups.system;
    this.user = groups.user;
    this.log = groups.log;
    this.desk = groups.desk;
    this.resource = groups.resource;
    this.report = groups.report;
    this.appmanage = groups.appmanage;
    this.demo = groups.demo;
    this.aps = groups.aps;
    this.sod = groups.sod;
    this.flow = groups.flow;
  }
}
