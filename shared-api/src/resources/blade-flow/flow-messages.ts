import { defineMessagePattern, defineMessagePatterns, defineMessages, type Message, type MessageParam } from '../../messages.js';

/** Validation and refusal messages of the workflow (models, deployments, tasks, the leave process). */
export const flowMessages = defineMessages('flow', {
  modelId: ['请选择流程模型', 'Choose a process model'],
  modelKey: [
    '模型标识须以字母开头，只含字母、数字、下划线、连字符或点',
    'The model key starts with a letter and holds only letters, digits, _, - or .',
  ],
  modelName: ['请输入模型名称', 'Enter the model name'],
  modelXml: ['请提供流程模型的 BPMN 2.0 XML', 'Provide the BPMN 2.0 XML of the process model'],
  modelMissing: ['流程模型不存在', 'The process model does not exist'],
  modelKeyTaken: ['该模型标识已被使用', 'This model key is already in use'],
  modelKeyMismatch: ['模型标识须与流程的 id 一致', 'The model key must be the id of the process in the XML'],
  category: ['请选择流程类型（flow_ 加流程字典的键）', 'Choose the process type (flow_ followed by a key of the flow dictionary)'],
  categoryUnknown: ['流程类型不存在于流程字典', 'The process type is not in the flow dictionary'],
  tenantIds: ['所属租户须为逗号分隔的租户编号', 'The tenants must be comma-joined tenant ids'],
  tenantUnknown: ['所选租户不存在', 'A chosen tenant does not exist'],
  tenantNotAllowed: ['只能部署到本租户', 'You may deploy only to your own tenant'],
  files: ['请上传 bpmn20.xml 标准格式文件', 'Upload a standard .bpmn20.xml file'],
  fileType: ['只接受 .bpmn 或 .bpmn20.xml 文件', 'Only .bpmn or .bpmn20.xml files are accepted'],
  xmlTooLarge: ['流程文件过大（最大 1 MiB）', 'The process file is too large (at most 1 MiB)'],
  xmlDoctype: ['流程文件不得包含 DOCTYPE 或实体声明', 'The process file may not contain a DOCTYPE or entity declarations'],
  xmlNotUtf8: ['流程文件须为 UTF-8 文本', 'The process file must be UTF-8 text'],
  xmlInvalid: ['流程文件无法解析', 'The process file cannot be parsed'],
  xmlNoProcess: ['流程文件中没有可执行的流程', 'The process file holds no executable process'],
  xmlScript: ['流程中不允许脚本任务或脚本条件', 'Script tasks and script conditions are not allowed in a process'],
  xmlExpression: ['流程中的表达式无法解析', 'An expression of the process cannot be parsed'],
  xmlUnsupported: ['流程中含有引擎不支持的元素', 'The process holds an element the engine does not support'],
  xmlNoStart: ['流程须有且只有一个开始事件', 'A process needs exactly one start event'],
  xmlProcessKey: [
    '流程标识须以字母开头，只含字母、数字、下划线、连字符或点',
    'The process id starts with a letter and holds only letters, digits, _, - or .',
  ],
  processId: ['请选择流程定义', 'Choose a process definition'],
  processMissing: ['流程定义不存在', 'The process definition does not exist'],
  processSuspended: ['流程定义已挂起，不能发起', 'The process definition is suspended and starts nothing'],
  state: ['流程状态须为 active 或 suspend', 'The state must be active or suspend'],
  deploymentIds: ['请选择部署', 'Choose a deployment'],
  deploymentRunning: [
    '该部署已有流程实例，不能删除（可将其挂起）',
    'The deployment has process instances and cannot be deleted (suspend it instead)',
  ],
  deploymentMissing: ['部署不存在', 'The deployment does not exist'],
  notManageable: [
    '只能管理本租户的流程，通用流程由平台租户管理',
    "You may manage only your tenant's processes; common processes are managed by the platform tenant",
  ],
  taskId: ['请选择任务', 'Choose a task'],
  taskMissing: ['任务不存在或已办结', 'The task does not exist or is already completed'],
  taskNotCandidate: ['您不是该任务的候选人', 'You are not a candidate of this task'],
  taskClaimed: ['该任务已被签收', 'The task has already been claimed'],
  taskNotAssignee: ['只有任务的办理人可以办理，候选人须先签收', 'Only the assignee may complete the task; a candidate claims it first'],
  taskInstanceMismatch: ['任务不属于该流程实例', 'The task does not belong to this process instance'],
  flag: ['审批标记须为 ok、pass 或 reject', 'The flag must be ok, pass or reject'],
  comment: ['批复意见不能超过 2000 个字符', 'The comment may not exceed 2000 characters'],
  variables: ['流程变量须为名称到文本、数字或布尔值的对象', 'Process variables must map names to text, numbers or booleans'],
  instanceId: ['请选择流程实例', 'Choose a process instance'],
  instanceMissing: ['流程实例不存在', 'The process instance does not exist'],
  instanceFinished: ['流程实例已结束', 'The process instance has already ended'],
  deleteReason: ['请输入删除理由（最多 500 个字符）', 'Enter the reason for deleting (at most 500 characters)'],
  busy: ['流程正在被其他请求处理，请重试', 'The process is being changed by another request; try again'],
  businessId: ['请选择业务单据', 'Choose a business record'],
  leaveMissing: ['请假单不存在', 'The leave request does not exist'],
  startTime: ['请选择开始时间（yyyy-MM-dd HH:mm:ss）', 'Choose the start time (yyyy-MM-dd HH:mm:ss)'],
  endTime: ['请选择结束时间（yyyy-MM-dd HH:mm:ss）', 'Choose the end time (yyyy-MM-dd HH:mm:ss)'],
  endBeforeStart: ['结束时间不能早于开始时间', 'The end time may not be before the start time'],
  days: ['请假天数须为 0.5 到 365 之间的数', 'The days must be a number from 0.5 to 365'],
  reason: ['请输入请假理由（最多 500 个字符）', 'Enter the reason (at most 500 characters)'],
  taskUser: ['请选择审批人员', 'Choose the approver'],
  taskUserUnknown: ['审批人员不存在于本租户', 'The approver is not a user of your tenant'],
  notLeaveProcess: ['该流程定义不是请假流程', 'This process definition is not a leave process'],
  started: ['流程已发起', 'The process has been started'],
  completed: ['任务已办理', 'The task has been completed'],
  claimed: ['任务已签收', 'The task has been claimed'],
  deployed: ['部署成功', 'Deployed'],
});

const flowRefusals = defineMessagePatterns('flowRefusal', {
  assigneeUnresolved: ['无法确定任务办理人：{what}', 'The task has nobody to do it: {what}'],
  engineFailed: ['流程执行失败：{what}', 'The process could not run: {what}'],
  xmlUnparsable: ['流程文件无法解析：{what}', 'The process file cannot be parsed: {what}'],
});
/** A task whose assignee expression names nobody (an empty variable, an unknown user or role). */
export const assigneeUnresolved = (what: MessageParam): Message => flowRefusals.assigneeUnresolved({ what });
/** The engine refused to run the process (its own message, which is English). */
export const engineFailed = (what: MessageParam): Message => flowRefusals.engineFailed({ what });
/** The model cannot be parsed by the engine: the parser's own message follows. */
export const xmlUnparsable = (what: MessageParam): Message => flowRefusals.xmlUnparsable({ what });
/** The bell's title of a new task for its assignee. */
export const newTaskNotice = (taskName: string, processName: string) => `新的待办事务：${processName} - ${taskName}`;
defineMessagePattern(/^新的待办事务：(.*)$/s, 'New task: $1');
/** The bell's title of a new task for its candidates, who claim it first. */
export const newClaimNotice = (taskName: string, processName: string) => `新的待签事务：${processName} - ${taskName}`;
defineMessagePattern(/^新的待签事务：(.*)$/s, 'New task to claim: $1');
