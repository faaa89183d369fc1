import { z } from 'zod';
import { commonColumns, idString, isRealDate, optionalText, pageQuery, requiredText } from '../../common.js';
import { defineMessagePatterns, defineMessages, type Message } from '../../messages.js';
import { defineExtra, defineResource } from '../../resource.js';
import { pageOfRows } from '../blade-system/dept-tree.js';

export const matterMessages = defineMessages('matter', {
  reason: ['请填写申请理由', 'Please give the reason for the request'],
  expireTime: ['到期时间须为将来的日期（yyyy-MM-dd）', 'The expiry must be a future date (yyyy-MM-dd)'],
  comment: ['请填写驳回意见', 'Please give a comment for the rejection'],
  noWorkflow: ['该应用角色没有审批流程，不能申请', 'This application role has no approval workflow to request it through'],
  noNodes: ['审批流程没有节点', 'The approval workflow has no nodes'],
  alreadyHeld: ['您已拥有该应用角色', 'You already hold this application role'],
  alreadyPending: ['您已有该应用角色的待审批申请', 'You already have a pending request for this application role'],
  matterMissing: ['申请不存在', 'The request does not exist'],
  notPending: ['申请已办结，不能再处理', 'The request is already settled and cannot be handled again'],
  notApprover: ['您不是该申请当前节点的审批人', 'You are not the approver of the current step of this request'],
  notRequester: ['只有申请人可以撤回申请', 'Only the requester may withdraw the request'],
});

const matterRefusals = defineMessagePatterns('matterRefusal', {
  noApprover: ['审批节点找不到审批人：{node}', 'No approver found for the approval node: {node}'],
});
/** The refusal of a request whose approval node finds nobody to approve it, naming the node. */
export const noApproverFor = (node: string): Message => matterRefusals.noApprover({ node });
const m = matterMessages;

/** A request's states: waiting at a node, granted, refused, or withdrawn by the requester. */
export const MATTER_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type MatterStatus = (typeof MATTER_STATUSES)[number];

/** What a matter log entry records: the request, an approval, a rejection, a withdrawal, the grant, or a refused grant. */
export const MATTER_ACTIONS = ['submit', 'approve', 'reject', 'withdraw', 'grant', 'refuse'] as const;

/** A matter row as the request calls answer it (display names filled in). */
export const matterRow = commonColumns.extend({
  workflowId: z.string(),
  appId: z.string(),
  appRoleId: z.string(),
  requesterId: z.string(),
  reason: z.string(),
  expireTime: z.string(),
  matterStatus: z.string(),
  currentNodeId: z.string(),
  currentApprovers: z.string(),
  finishTime: z.string(),
  appName: z.string(),
  appRoleName: z.string(),
  requesterName: z.string(),
  currentNodeName: z.string(),
});
export type MatterRow = z.infer<typeof matterRow>;

export const matterLogRow = commonColumns.extend({
  matterId: z.string(),
  nodeId: z.string(),
  nodeName: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  comment: z.string(),
});
export type MatterLogRow = z.infer<typeof matterLogRow>;

/** An expiry date as the request form sends it: `yyyy-MM-dd` (the grant ends at the start of that day). */
const expireTime = z
  .string(m.say.expireTime)
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v)), m.say.expireTime)
  .transform((v) => v || undefined)
  .optional();

const idBody = z.object({ id: idString });
const decisionBody = z.object({ id: idString, comment: optionalText(500) });
const mineQuery = pageQuery.extend({ matterStatus: z.enum(MATTER_STATUSES).optional() });

/** A role the caller may request in an application, with whether they hold it or wait for it. */
export const requestableRole = z.object({
  id: z.string(),
  roleName: z.string(),
  roleAlias: z.string(),
  held: z.boolean(),
  pending: z.boolean(),
});

/**
 * Access requests (BladeX blade-abs appworkflowmatter): a staff member asks for an application
 * role with a reason; the request walks its workflow's nodes, and approval at the last node grants
 * the role. Administrators read every request; the request calls are open to any signed-in user
 * and check who acts themselves.
 */
export const appWorkflowMatter = defineResource({
  service: 'blade-abs',
  name: 'appworkflowmatter',
  table: 'blade_app_workflow_matter',
  tenantScoped: true,
  permission: 'appworkflowmatter',
  routes: 'read',
  entity: z.object({
    workflowId: idString,
    appId: idString,
    appRoleId: idString,
    requesterId: idString,
    matterStatus: z.enum(MATTER_STATUSES),
  }),
  names: {
    appName: { field: 'appId', table: 'blade_app', column: 'appName', sameTenant: true },
    appRoleName: { field: 'appRoleId', table: 'blade_app_role', column: 'roleName', sameTenant: true },
    requesterName: { field: 'requesterId', table: 'blade_user', column: 'realName', sameTenant: true },
    currentNodeName: { field: 'currentNodeId', table: 'blade_app_workflow_node', column: 'nodeName', sameTenant: true },
  },
  hidden: ['currentSort'],
  filters: { workflowId: 'eq', appId: 'eq', appRoleId: 'eq', requesterId: 'eq', matterStatus: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  extras: {
    request: defineExtra({
      method: 'POST',
      path: 'request',
      namedRows: true,
      summary: 'Request an application role (appId, appRoleId, reason, optional expireTime yyyy-MM-dd) as the caller',
      body: z.object({ appId: idString, appRoleId: idString, reason: requiredText(m.say.reason, 500), expireTime }),
      response: matterRow,
      permission: null,
    }),
    approve: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'approve',
      namedRows: true,
      summary: "Approve a request at its current node (the node's approvers only); the last approval grants the role",
      body: decisionBody,
      response: matterRow,
      permission: null,
    }),
    reject: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'reject',
      namedRows: true,
      summary: "Reject a request at its current node with a comment (the node's approvers only)",
      body: z.object({ id: idString, comment: requiredText(m.say.comment, 500) }),
      response: matterRow,
      permission: null,
    }),
    withdraw: defineExtra({
      method: 'POST',
      fieldsFrom: 'query-or-body',
      path: 'withdraw',
      namedRows: true,
      summary: 'Withdraw a pending request (its requester only)',
      body: idBody,
      response: matterRow,
      permission: null,
    }),
    mine: defineExtra({
      method: 'GET',
      path: 'my-page',
      namedRows: true,
      summary: "The caller's own requests, newest first (optionally of one status)",
      query: mineQuery,
      response: pageOfRows(matterRow),
      permission: null,
    }),
    todo: defineExtra({
      method: 'GET',
      path: 'todo-page',
      namedRows: true,
      summary: 'Requests waiting for the caller to approve, oldest first',
      query: pageQuery,
      response: pageOfRows(matterRow),
      permission: null,
    }),
    done: defineExtra({
      method: 'GET',
      path: 'done-page',
      namedRows: true,
      summary: 'Requests the caller approved or rejected, newest first',
      query: pageQuery,
      response: pageOfRows(matterRow),
      permission: null,
    }),
    trail: defineExtra({
      method: 'GET',
      path: 'trail',
      summary: 'Every step of a request, oldest first (its requester, its approvers and administrators)',
      query: idBody,
      response: z.array(matterLogRow),
      permission: null,
    }),
    roles: defineExtra({
      method: 'GET',
      path: 'roles',
      summary: 'The roles of an application the caller may request (those with a workflow), with held and pending flags',
      query: z.object({ appId: idString }),
      response: z.array(requestableRole),
      permission: null,
    }),
  },
  view: {
    title: ['流程事项', 'Access requests'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'requesterName', label: ['申请人', 'Requester'] },
      { prop: 'appName', label: ['应用', 'Application'] },
      { prop: 'appRoleName', label: ['应用角色', 'Application role'] },
      { prop: 'reason', label: ['申请理由', 'Reason'] },
      { prop: 'expireTime', label: ['到期时间', 'Expires'], type: 'date' },
      { prop: 'matterStatus', label: ['状态', 'Status'], search: true },
      { prop: 'currentNodeName', label: ['当前节点', 'Current step'] },
      { prop: 'createTime', label: ['申请时间', 'Requested'], type: 'datetime' },
    ],
  },
});

/** Every step of every request: who did what, with which comment, when. Never edited. */
export const appWorkflowMatterLog = defineResource({
  service: 'blade-abs',
  name: 'appworkflowmatterlog',
  table: 'blade_app_workflow_matter_log',
  tenantScoped: true,
  permission: 'appworkflowmatterlog',
  routes: 'read',
  entity: z.object({ matterId: idString, actorId: idString, action: z.enum(MATTER_ACTIONS) }),
  names: { actorName: { field: 'actorId', table: 'blade_user', column: 'realName', sameTenant: true } },
  filters: { matterId: 'eq', actorId: 'eq', action: 'eq' },
  defaultSort: { column: 'createTime', desc: true },
  view: {
    title: ['事项日志', 'Matter log'],
    actions: { add: false, edit: false, remove: false },
    columns: [
      { prop: 'matterId', label: ['申请', 'Request'], search: true },
      { prop: 'nodeName', label: ['节点', 'Step'] },
      { prop: 'actorName', label: ['操作人', 'By'] },
      { prop: 'action', label: ['动作', 'Action'], search: true },
      { prop: 'comment', label: ['意见', 'Comment'] },
      { prop: 'createTime', label: ['时间', 'When'], type: 'datetime' },
    ],
  },
});
