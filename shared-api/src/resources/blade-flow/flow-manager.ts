import { z } from 'zod';
import { pageQuery, uploadedFile } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { flowMessages as m } from './flow-messages.js';
import { tenantIdsText } from './flow-model.js';
import { filterText, flowCategory, flowMode, pageOf, processDefinitionRow } from './flow-shapes.js';

const bpmnFile = uploadedFile(m.say.files);

/** Deployment ids as the manager screen sends them: comma-joined. */
const deploymentIds = z
  .string(m.say.deploymentIds)
  .regex(/^[1-9]\d{0,18}(,[1-9]\d{0,18})*$/, m.say.deploymentIds)
  .transform((s) => [...new Set(s.split(','))]);

/** Process definitions and their deployments (BladeX blade-flow/manager, 部署管理 and 流程部署). */
export const flowManager = defineEndpoints({
  service: 'blade-flow',
  name: 'manager',
  permission: 'flow_manager',
  rowsOf: 'blade_flow_definition',
  endpoints: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary:
        "Process definitions, every version, paged: mode 1 the common ones, mode 2 those of tenants (the caller's own unless of the platform tenant); filters key, name, category",
      query: pageQuery.extend({
        mode: flowMode,
        key: filterText(),
        name: filterText(),
        category: z.preprocess((v) => (v === '' || v === null ? undefined : v), flowCategory.optional()),
      }),
      response: pageOf(processDefinitionRow),
      permission: ['flow_manager', 'flow_deploy'],
    }),
    changeState: defineExtra({
      method: 'POST',
      path: 'change-state',
      summary: 'Activate or suspend a process definition (processId, state active|suspend): a suspended one starts nothing',
      query: z.object({
        processId: z.string(m.say.processId).min(1, m.say.processId).max(200),
        state: z.enum(['active', 'suspend'], m.say.state),
      }),
      fieldsFrom: 'query-or-body',
      response: processDefinitionRow,
      permission: 'flow_manager',
    }),
    checkUpload: defineExtra({
      method: 'POST',
      path: 'check-upload',
      summary: 'Check one uploaded process file as deploy-upload would, deploying nothing: answers its name and the process keys it holds',
      body: z.object({ file: bpmnFile }),
      multipart: true,
      response: z.object({ name: z.string(), processKeys: z.array(z.string()) }),
      permission: ['flow_deploy', 'flow_manager'],
    }),
    deployUpload: defineExtra({
      method: 'POST',
      path: 'deploy-upload',
      summary:
        'Deploy uploaded .bpmn / .bpmn20.xml files (multipart: category, tenantIds, files): each file checked first, all or nothing; each process becomes the next version of its key',
      body: z.object({
        category: flowCategory,
        tenantIds: tenantIdsText.optional(),
        files: z.union([bpmnFile, z.array(bpmnFile).min(1, m.say.files).max(5, m.say.files)], m.say.files),
      }),
      multipart: true,
      response: z.array(processDefinitionRow),
      permission: ['flow_deploy', 'flow_manager'],
    }),
    deleteDeployment: defineExtra({
      method: 'POST',
      path: 'delete-deployment',
      summary:
        'Delete deployments (deploymentIds, comma-joined) with their definitions; refused when they have process instances (suspend them instead)',
      query: z.object({ deploymentIds }),
      fieldsFrom: 'query-or-body',
      response: z.boolean(),
      permission: 'flow_manager',
    }),
  },
  title: ['部署管理', 'Deployments'],
});
