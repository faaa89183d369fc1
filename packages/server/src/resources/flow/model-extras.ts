import { registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { checkFiles, deploy } from '../../flow/deployments.js';
import { listModels, modelDetail, modelForDeploy, removeModels, saveModel } from '../../flow/models.js';
import { wantsEnglish } from '../../http/language.js';

/** 模型设计: the tenant's process models, checked on every save, deployed as the next version of their process. */
export const flowModelHandlers = defineExtraHandlers(registry.flow.model, {
  list: ({ ctx, caller, query, request }) => listModels(ctx, caller, query, wantsEnglish(request)),
  detail: ({ ctx, caller, query, request }) => modelDetail(ctx, caller, query.id, wantsEnglish(request)),
  submit: ({ ctx, caller, body, request }) => saveModel(ctx, caller, body, wantsEnglish(request)),
  remove: async ({ ctx, caller, query }) => {
    await removeModels(ctx, caller, query.ids);
    return true;
  },
  deploy: async ({ ctx, caller, query, request }) => {
    const files = await checkFiles([await modelForDeploy(ctx, caller, query.modelId)]);
    return deploy(ctx, caller, { category: query.category, tenantIds: query.tenantIds ?? [], files }, wantsEnglish(request));
  },
});
