import { registry, resourceClient } from '@sso/shared-api';
import { client } from '../../api/client.js';

/**
 * The workflow's SDK calls (`sdk.flow.*`): models, deployments, running instances, the caller's
 * work, an instance's history and diagram, and the leave process.
 */
export const flowApi = {
  model: resourceClient(client, registry.flow.model),
  manager: resourceClient(client, registry.flow.manager),
  follow: resourceClient(client, registry.flow.follow),
  work: resourceClient(client, registry.flow.work),
  process: resourceClient(client, registry.flow.process),
  leave: resourceClient(client, registry.flow.leave),
};

/** The users an applicant may choose as approver (`user-list`: the tenant's users, to any signed-in user). */
export const userApi = resourceClient(client, registry.user.user);
