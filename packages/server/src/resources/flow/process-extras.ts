import { registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { renderDiagramSvg } from '../../flow/diagram-svg.js';
import { definitionDiagram, historyFlowList, instanceDiagram, pictureOfDefinition, pictureOfInstance } from '../../flow/history.js';
import { wantsEnglish } from '../../http/language.js';

const svg = (name: string, text: string) => ({
  filename: `${name}.svg`,
  contentType: 'image/svg+xml; charset=utf-8',
  data: new TextEncoder().encode(text),
  inline: true,
});

/** An instance's history and diagram, for whoever took part in it or follows the tenant's processes. */
export const flowProcessHandlers = defineExtraHandlers(registry.flow.process, {
  historyFlowList: ({ ctx, caller, query, request }) => historyFlowList(ctx, caller, query.processInstanceId, wantsEnglish(request)),
  diagram: ({ ctx, caller, query }) => instanceDiagram(ctx, caller, query.processInstanceId),
  definitionDiagram: ({ ctx, caller, query }) => definitionDiagram(ctx, caller, query.processDefinitionId),
  diagramView: async ({ ctx, query }) => {
    const picture = await pictureOfInstance(ctx, query.processInstanceId);
    return svg(picture.name, renderDiagramSvg(picture.xml, picture.highlight));
  },
  resourceView: async ({ ctx, query }) => {
    const picture = await pictureOfDefinition(ctx, query.processDefinitionId);
    return svg(picture.name, renderDiagramSvg(picture.xml));
  },
});
