import { registry } from '@sso/shared-api';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import './workflow-renderers.js';

const nodeDef = registry.workflow.appWorkflowNode;

/** /abs/appworkflownode (流程节点): every node of every workflow, with the same pickers as the workflow screen's drawer. */
export default function WorkflowNodeScreen({ menu }: ScreenProps) {
  return <CrudPage def={nodeDef} title={menu?.name} />;
}
