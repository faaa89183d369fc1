import { z } from 'zod';
import { formNumber, idString, optionalId, optionalText, requiredText } from '../../common.js';
import { defineMessages } from '../../messages.js';
import { defineResource } from '../../resource.js';
import { app } from '../blade-aps/app.js';
import { appRole } from '../blade-aps/app-role.js';
import { role } from '../blade-system/role.js';
import { user } from '../blade-user/user.js';

export const workflowMessages = defineMessages('workflow', {
  workflowName: ['请输入流程名称', 'Please enter the workflow name'],
  appMissing: ['应用不存在', 'The application does not exist'],
  appChoose: ['请选择应用', 'Please choose the application'],
  appRoleMissing: ['该应用下没有这个应用角色', 'The application has no such application role'],
  appRoleChoose: ['请选择应用角色', 'Please choose the application role'],
  workflowTaken: ['该应用（或应用角色）已有审批流程', 'The application (or application role) already has an approval workflow'],
  workflowBusy: ['流程还有待审批的申请，不能删除', 'The workflow still has pending requests and cannot be removed'],
  workflowMissing: ['审批流程不存在', 'The approval workflow does not exist'],
  workflowChoose: ['请选择审批流程', 'Please choose the approval workflow'],
  nodeName: ['请输入节点名称', 'Please enter the node name'],
  nodeSort: ['节点顺序须为整数', 'The node order must be a whole number'],
  approverKind: ['审批人类型只能是 deptHead、appOwner、user 或 role', 'The approver kind must be deptHead, appOwner, user or role'],
  approverUser: ['请选择审批人', 'Please choose the approver'],
  approverRole: ['请选择审批角色', 'Please choose the approving role'],
  approverUserMissing: ['审批人不存在', 'The approver does not exist'],
  approverUserChoose: ['请选择审批人', 'Please choose the approver'],
  approverRoleMissing: ['审批角色不存在', 'The approving role does not exist'],
  approverRoleChoose: ['请选择审批角色', 'Please choose the approving role'],
});
const m = workflowMessages;

/**
 * Who approves at a node: `deptHead` the requester's department head (a user of the requester's
 * department, or of the nearest department above it, holding the node's role), `appOwner` the
 * application's owner, `user` the named user, `role` every user holding the node's role.
 */
export const APPROVER_KINDS = ['deptHead', 'appOwner', 'user', 'role'] as const;
export type ApproverKind = (typeof APPROVER_KINDS)[number];

/**
 * An approval chain for access requests: one per application (any of its roles) or per application
 * role (that role only; it wins over the application's chain).
 */
export const appWorkflow = defineResource({
  service: 'blade-abs',
  name: 'appworkflow',
  table: 'blade_app_workflow',
  tenantScoped: true,
  permission: 'appworkflow',
  entity: z.object({
    workflowName: requiredText(m.say.workflowName, 255),
    appId: idString,
    appRoleId: optionalId,
    remark: optionalText(500),
  }),
  references: {
    appId: { to: () => app, label: 'appName', hint: 'appCode', missing: m.say.appMissing, choose: m.say.appChoose },
    appRoleId: { to: () => appRole, label: 'roleName', hint: 'appName', missing: m.say.appRoleMissing, choose: m.say.appRoleChoose },
  },
  names: {
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    appRoleName: { field: 'appRoleId', table: 'blade_app_role', column: 'roleName', sameTenant: true },
  },
  filters: { workflowName: 'like', appId: 'eq', appRoleId: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['流程定义', 'Workflow definitions'],
    columns: [
      { prop: 'workflowName', label: ['流程名称', 'Name'], search: true },
      { prop: 'appId', label: ['应用', 'Application'], hideInTable: true },
      { prop: 'appName', label: ['应用', 'Application'], hideInForm: true },
      { prop: 'appRoleId', label: ['应用角色', 'Application role'], hideInTable: true },
      { prop: 'appRoleName', label: ['应用角色', 'Application role'], hideInForm: true },
      { prop: 'remark', label: ['备注', 'Remark'], type: 'textarea' },
    ],
  },
});

/** One step of a chain; steps run in ascending `sort`. */
export const appWorkflowNode = defineResource({
  service: 'blade-abs',
  name: 'appworkflownode',
  table: 'blade_app_workflow_node',
  tenantScoped: true,
  permission: 'appworkflownode',
  entity: z.object({
    workflowId: idString,
    nodeName: requiredText(m.say.nodeName, 255),
    sort: formNumber(m.say.nodeSort).optional(),
    approverKind: z.enum(APPROVER_KINDS, m.say.approverKind),
    approverUserId: optionalId,
    approverRoleId: optionalId,
  }),
  references: {
    workflowId: {
      to: () => appWorkflow,
      label: 'workflowName',
      hint: 'appName',
      missing: m.say.workflowMissing,
      choose: m.say.workflowChoose,
    },
    approverUserId: {
      to: () => user,
      label: 'realName',
      hint: 'account',
      missing: m.say.approverUserMissing,
      choose: m.say.approverUserChoose,
    },
    approverRoleId: {
      to: () => role,
      label: 'roleName',
      hint: 'roleAlias',
      missing: m.say.approverRoleMissing,
      choose: m.say.approverRoleChoose,
    },
  },
  names: {
    workflowName: { field: 'workflowId', table: 'blade_app_workflow', column: 'workflowName', sameTenant: true },
    approverUserName: { field: 'approverUserId', table: 'blade_user', column: 'realName', sameTenant: true },
    approverRoleName: { field: 'approverRoleId', table: 'blade_role', column: 'roleName', sameTenant: true },
    approverKindName: {
      field: 'approverKind',
      labels: {
        deptHead: ['部门负责人', 'Department head'],
        appOwner: ['应用负责人', 'Application owner'],
        user: ['指定用户', 'Named user'],
        role: ['角色', 'Role'],
      },
    },
  },
  filters: { workflowId: 'eq', approverKind: 'eq' },
  sorts: ['sort'],
  defaultSort: { column: 'sort' },
  view: {
    title: ['流程节点', 'Workflow nodes'],
    columns: [
      { prop: 'workflowId', label: ['流程', 'Workflow'], hideInTable: true },
      { prop: 'workflowName', label: ['流程', 'Workflow'], hideInForm: true },
      { prop: 'nodeName', label: ['节点名称', 'Node'] },
      { prop: 'sort', label: ['顺序', 'Order'], type: 'number' },
      { prop: 'approverKind', label: ['审批人类型', 'Approver kind'] },
      { prop: 'approverUserId', label: ['审批人', 'Approver'], hideInTable: true },
      { prop: 'approverUserName', label: ['审批人', 'Approver'], hideInForm: true },
      { prop: 'approverRoleId', label: ['审批角色', 'Approving role'], hideInTable: true },
      { prop: 'approverRoleName', label: ['审批角色', 'Approving role'], hideInForm: true },
    ],
  },
});
