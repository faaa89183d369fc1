import { z } from 'zod';
import { idString } from '../../common.js';
import { defineEndpoints, defineExtra } from '../../resource.js';
import { flowMessages as m } from './flow-messages.js';
import { flowDiagram, historyFlowRow } from './flow-shapes.js';

const instanceQuery = z.object({ processInstanceId: z.string(m.say.instanceId).pipe(idString) });
const definitionQuery = z.object({ processDefinitionId: z.string(m.say.processId).min(1, m.say.processId).max(200) });
/** Saber adds `t=` to its image addresses so that browsers do not reuse an old picture. */
const noCache = { t: z.string().max(20).optional() };

/**
 * An instance's history and diagram (BladeX blade-flow/process). Anyone of the instance's tenant who
 * took part in it (started it, holds or held a task, is a candidate) or who follows processes may read it.
 */
export const flowProcess = defineEndpoints({
  service: 'blade-flow',
  name: 'process',
  permission: 'work_todo',
  rowsOf: 'blade_flow_history',
  endpoints: {
    historyFlowList: defineExtra({
      method: 'GET',
      path: 'history-flow-list',
      summary: 'Each step of an instance in order: activity, assignee, start, end, duration, comment',
      query: instanceQuery,
      response: z.array(historyFlowRow),
      permission: null,
    }),
    diagram: defineExtra({
      method: 'GET',
      path: 'diagram',
      summary: "An instance's BPMN XML with the activities done and open and the flows taken, for a diagram viewer (bpmn-js)",
      query: instanceQuery,
      response: flowDiagram,
      permission: null,
    }),
    definitionDiagram: defineExtra({
      method: 'GET',
      path: 'definition-diagram',
      summary: "A process definition's BPMN XML (nothing highlighted), for a diagram viewer",
      query: definitionQuery,
      response: flowDiagram,
      permission: null,
    }),
    diagramView: defineExtra({
      method: 'GET',
      path: 'diagram-view',
      summary:
        "Saber's tracking picture: the instance drawn as SVG from the model's layout, done steps and the open task highlighted. Public, as BladeX serves it (Saber shows it in an <img>, which sends no token): it shows the model's steps and which are done, never a person, a variable or a comment",
      query: instanceQuery.extend(noCache),
      response: z.instanceof(Uint8Array),
      download: true,
      permission: 'public',
    }),
    resourceView: defineExtra({
      method: 'GET',
      path: 'resource-view',
      summary:
        "Saber's definition picture: the process definition drawn as SVG from the model's layout. Public, as BladeX serves it (shown in a frame)",
      query: definitionQuery.extend(noCache),
      response: z.instanceof(Uint8Array),
      download: true,
      permission: 'public',
    }),
  },
  title: ['流程跟踪', 'Process history'],
});
