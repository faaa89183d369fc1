import { client } from '../../api/client.js';

/**
 * The workflow's SDK calls (`sdk.flow.*`): models, deployments, running instances, the caller's
 * work, an instance's history and diagram, and the leave process.
 */
export const flowApi = client.flow;

/** The users an applicant may choose as approver (`user-list`: the tenant's users, to any signed-in user). */
export const userApi = client.user.user;
