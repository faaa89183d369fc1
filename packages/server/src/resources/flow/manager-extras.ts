import { badRequest, flowMessages as m, registry, type UploadedFile } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { decodeBpmn } from '../../flow/bpmn-check.js';
import { changeState, checkFiles, deleteDeployments, deploy, managerList } from '../../flow/deployments.js';
import { wantsEnglish } from '../../http/language.js';

/** Only `.bpmn` and `.bpmn20.xml` files are process files; their text is checked before anything is deployed. */
function bpmnText(file: UploadedFile): { name: string; xml: string } {
  const name = file.filename.replace(/^.*[\\/]/, '');
  if (!/\.(bpmn|bpmn20\.xml)$/i.test(name)) throw badRequest(m.say.fileType);
  return { name, xml: decodeBpmn(file.data) };
}

/** 部署管理 and 流程部署: process definitions, uploads, suspension, deletion. */
export const flowManagerHandlers = defineExtraHandlers(registry.flow.manager, {
  list: ({ ctx, caller, query, request }) => managerList(ctx, caller, query, wantsEnglish(request)),
  changeState: ({ ctx, caller, query, request }) => changeState(ctx, caller, query.processId, query.state, wantsEnglish(request)),
  checkUpload: async ({ body }) => {
    const [checked] = await checkFiles([bpmnText(body.file)]);
    return { name: checked.name, processKeys: [checked.process.key] };
  },
  deployUpload: async ({ ctx, caller, body, request }) => {
    const files = await checkFiles((Array.isArray(body.files) ? body.files : [body.files]).map(bpmnText));
    return deploy(ctx, caller, { category: body.category, tenantIds: body.tenantIds ?? [], files }, wantsEnglish(request));
  },
  deleteDeployment: async ({ ctx, caller, query }) => {
    await deleteDeployments(ctx, caller, query.deploymentIds);
    return true;
  },
});
