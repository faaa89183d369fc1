import { registry } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { renderDiagramSvg } from '../../flow/diagram-svg.js';
import { definitionDiagram, historyFlowList, instanceDiagram } from '../../flow/history.js';
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
  diagramView: async ({ ctx, caller, query }) => {
    const d = await instanceDiagram(ctx, caller, query.processInstanceId);
    return svg(
      d.processInstanceId,
      renderDiagramSvg(d.xml, { completed: d.completedActivityIds, active: d.activeActivityIds, flows: d.takenFlowIds }),
    );
  },
  resourceView: async ({ ctx, caller, query }) => {
    const d = await definitionDiagram(ctx, caller, query.processDefinitionId);
    return svg(d.processDefinitionId.replace(/:/g, '-'), renderDiagramSvg(d.xml));
  },
});
