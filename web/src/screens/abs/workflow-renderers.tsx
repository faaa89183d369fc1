import { appWorkflowNode } from '@sso/shared-api';
import { registerFieldRenderer } from '../../crud/field-renderers.js';
import { ApproverKindLabel, ApproverKindPicker } from './workflow-pickers.js';

/**
 * A node's approver kind is named in the language shown. Applications, application roles, users
 * and roles are picked by name through the definitions' references, as every form does.
 */
registerFieldRenderer(appWorkflowNode, 'approverKind', {
  Input: ApproverKindPicker,
  cell: (value) => <ApproverKindLabel kind={value} />,
  detail: (value) => <ApproverKindLabel kind={value} />,
});
