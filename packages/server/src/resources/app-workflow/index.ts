import { appWorkflow, appWorkflowNode } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { workflowNodeRules, workflowRules } from './rules.js';

/** Approval workflows of applications and application roles, and their ordered nodes. */
export const appWorkflowResource = bindResource(appWorkflow, { rules: workflowRules });
export const appWorkflowNodeResource = bindResource(appWorkflowNode, { rules: workflowNodeRules });
