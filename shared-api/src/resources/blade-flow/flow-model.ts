import { z } from 'zod';
import { idList, idString, pageQuery } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { flowMessages as m } from './flow-messages.js';
import { filterText, flowCategory, modelDetail, modelRow, pageOf, processDefinitionRow, processKey } from './flow-shapes.js';

/** Comma-joined tenant ids, or "" (none: a common process when the caller may deploy one). */
export const tenantIdsText = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z
    .string(m.say.tenantIds)
    .regex(/^([A-Za-z0-9_-]{1,12}(,[A-Za-z0-9_-]{1,12})*)?$/, m.say.tenantIds)
    .transform((s) => (s ? [...new Set(s.split(','))] : [])),
);

/** BPMN XML as the designer sends it; the size limit is checked again on the bytes. */
const bpmnXml = z
  .string(m.say.modelXml)
  .min(1, m.say.modelXml)
  .max(1024 * 1024, m.say.xmlTooLarge);

/**
 * Process models (BladeX blade-flow/model, 模型设计): BPMN 2.0 XML stored per tenant, edited in
 * the web's designer; a save the engine cannot parse, or one holding scripts, is refused.
 */
export const flowModel = defineEndpoints({
  service: 'blade-flow',
  name: 'model',
  permission: 'flow_model',
  rowsOf: 'blade_flow_model',
  endpoints: {
    list: defineExtra({
      method: 'GET',
      path: 'list',
      summary: "The tenant's process models, paged, newest change first; filters modelKey and name (contains)",
      query: pageQuery.extend({ modelKey: filterText(), name: filterText() }),
      response: pageOf(modelRow),
      permission: 'flow_model',
    }),
    detail: defineExtra({
      method: 'GET',
      path: 'detail',
      summary: 'One model with its BPMN XML, for the designer',
      query: z.object({ id: idString }),
      response: modelDetail,
      permission: 'flow_model',
    }),
    // Not at `submit`: the generic routes' path, which extras-only resources leave unanswered.
    submit: defineExtra({
      method: 'POST',
      path: 'save',
      summary:
        'Create (no id) or update a model from the designer: the XML is checked (no DOCTYPE, at most 1 MiB, no scripts, parsed by the engine); modelKey defaults to the process id in the XML, name to its name',
      body: z.object({
        id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idString.optional()),
        modelKey: z.preprocess((v) => (v === '' || v === null ? undefined : v), processKey.optional()),
        name: z.preprocess(
          (v) => (v === '' || v === null ? undefined : v),
          z.string(m.say.modelName).trim().min(1, m.say.modelName).max(255).optional(),
        ),
        description: z.string().max(2000).nullish(),
        category: z.preprocess((v) => (v === '' || v === null ? undefined : v), flowCategory.optional()),
        xml: bpmnXml,
      }),
      response: modelDetail,
      permission: 'flow_model',
    }),
    remove: defineExtra({
      method: 'POST',
      path: 'remove',
      summary: 'Remove models by id (comma-joined ids); deployments made from them stay',
      query: z.object({ ids: idList }),
      fieldsFrom: 'query-or-body',
      response: z.boolean(),
      permission: 'flow_model',
    }),
    deploy: defineExtra({
      method: 'POST',
      path: 'deploy',
      summary:
        "Deploy a model: a new version of its process definition, for the caller's tenant or, from the platform tenant, for the tenants listed (none: a common process)",
      query: z.object({ modelId: idString, category: flowCategory, tenantIds: tenantIdsText.optional() }),
      fieldsFrom: 'query-or-body',
      response: z.array(processDefinitionRow),
      permission: 'flow_model',
    }),
  },
  title: ['模型设计', 'Process models'],
});
