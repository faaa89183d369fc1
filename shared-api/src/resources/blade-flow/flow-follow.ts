import { z } from 'zod';
import { idString, pageQuery } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { flowMessages as m } from './flow-messages.js';
import { filterText, followRow, pageOf } from './flow-shapes.js';

/** Running process instances of the tenant (BladeX blade-flow/follow, 流程监控). */
export const flowFollow = defineEndpoints({
  service: 'blade-flow',
  name: 'follow',
  permission: 'flow_follow',
  rowsOf: 'blade_flow_instance',
  endpoints: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary:
        "The tenant's running process instances, newest first; filters processInstanceId and executionId (exact), processDefinitionKey (contains)",
      query: pageQuery.extend({ processInstanceId: filterText(30), executionId: filterText(30), processDefinitionKey: filterText() }),
      response: pageOf(followRow),
      permission: 'flow_follow',
    }),
    deleteProcessInstance: defineExtra({
      method: 'POST',
      path: 'delete-process-instance',
      summary: 'End a running instance with a reason (recorded in its history); its open tasks are withdrawn',
      query: z.object({
        processInstanceId: z.string(m.say.instanceId).pipe(idString),
        deleteReason: z.string(m.say.deleteReason).trim().min(1, m.say.deleteReason).max(500, m.say.deleteReason),
      }),
      fieldsFrom: 'query-or-body',
      response: z.boolean(),
      permission: 'flow_follow',
    }),
  },
  title: ['流程监控', 'Running processes'],
});
