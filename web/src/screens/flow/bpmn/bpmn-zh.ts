/**
 * Chinese texts of the designer: the palette, the context pad, the replace menu and the
 * properties panel groups the designer keeps (see PANEL_GROUPS). bpmn-js and its panel ask their
 * `translate` service for every label with the English text as the key; a text missing here stays
 * English.
 */
export const bpmnZh: Record<string, string> = {
  // Palette and context pad
  'Activate hand tool': '抓手工具',
  'Activate lasso tool': '套索工具',
  'Activate create/remove space tool': '创建/删除空间',
  'Activate global connect tool': '全局连线工具',
  'Create start event': '开始事件',
  'Create intermediate/boundary event': '中间/边界事件',
  'Create end event': '结束事件',
  'Create gateway': '网关',
  'Create task': '任务',
  'Create data object reference': '数据对象',
  'Create data store reference': '数据存储',
  'Create expanded sub-process': '子流程',
  'Create pool/participant': '泳池/参与者',
  'Create group': '分组',
  'Append end event': '追加结束事件',
  'Append gateway': '追加网关',
  'Append task': '追加任务',
  'Append intermediate/boundary event': '追加中间/边界事件',
  'Append receive task': '追加接收任务',
  'Append message intermediate catch event': '追加消息中间捕获事件',
  'Append timer intermediate catch event': '追加定时中间捕获事件',
  'Append conditional intermediate catch event': '追加条件中间捕获事件',
  'Append signal intermediate catch event': '追加信号中间捕获事件',
  'Append compensation activity': '追加补偿活动',
  'Add text annotation': '添加注释',
  'Add lane above': '在上方添加泳道',
  'Add lane below': '在下方添加泳道',
  'Divide into two lanes': '分为两条泳道',
  'Divide into three lanes': '分为三条泳道',
  'Change element': '更改类型',
  'Change type': '更改类型',
  'Connect to other element': '连接到其他元素',
  'Connect using association': '用关联连接',
  'Connect using data input association': '用数据输入关联连接',
  Delete: '删除',
  'Search in diagram': '在流程图中搜索',
  // Replace menu
  'Start event': '开始事件',
  'End event': '结束事件',
  'Intermediate throw event': '中间抛出事件',
  'Message start event': '消息开始事件',
  'Timer start event': '定时开始事件',
  'Conditional start event': '条件开始事件',
  'Signal start event': '信号开始事件',
  'Message end event': '消息结束事件',
  'Terminate end event': '终止结束事件',
  'Error end event': '错误结束事件',
  'Signal end event': '信号结束事件',
  'Timer intermediate catch event': '定时中间捕获事件',
  'Message intermediate catch event': '消息中间捕获事件',
  'Timer boundary event': '定时边界事件',
  'Timer boundary event (non-interrupting)': '定时边界事件（非中断）',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Inclusive gateway': '包容网关',
  'Complex gateway': '复杂网关',
  'Event-based gateway': '事件网关',
  Task: '任务',
  'User task': '用户任务',
  'Service task': '服务任务',
  'Script task': '脚本任务',
  'Send task': '发送任务',
  'Receive task': '接收任务',
  'Manual task': '手工任务',
  'Business rule task': '业务规则任务',
  'Call activity': '调用活动',
  'Sub-process (collapsed)': '子流程（折叠）',
  'Sub-process (expanded)': '子流程（展开）',
  'Sequence flow': '顺序流',
  'Default flow': '默认流',
  'Conditional flow': '条件流',
  'Parallel multi-instance': '并行多实例',
  'Sequential multi-instance': '串行多实例',
  Loop: '循环',
  // Properties panel
  'Select an element to edit its properties.': '选择一个元素以编辑其属性。',
  'Multiple elements are selected. Select a single element to edit its properties.': '已选择多个元素，请只选择一个元素以编辑其属性。',
  General: '常规',
  Name: '名称',
  ID: '编号',
  'Process ID': '流程标识',
  'Process name': '流程名称',
  'Participant Name': '参与者名称',
  'Version tag': '版本标签',
  Executable: '可执行',
  'ID must be unique.': '编号必须唯一。',
  'ID must not be empty.': '编号不能为空。',
  'ID must not contain spaces.': '编号不能包含空格。',
  'ID must be a valid QName.': '编号必须是有效的 QName。',
  'ID must not contain prefix.': '编号不能包含前缀。',
  'User assignment': '人员分配',
  Assignee: '办理人',
  'Candidate groups': '候选组（角色/部门）',
  'Candidate users': '候选用户',
  'Due date': '到期时间',
  'Follow up date': '跟进时间',
  Priority: '优先级',
  'Specify more than one group as a comma separated list.': '角色别名（如 hr 或 role:hr）或 dept:部门编号，多个用英文逗号分隔。',
  'Specify more than one user as a comma separated list.': '用户编号或账号，多个用英文逗号分隔。',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the panel's own text, an expression's syntax
  'Start typing "${}" to create an expression.': '输入 "${}" 以编写表达式。',
  'The due date as an EL expression (e.g. ${someDate}) or an ISO date (e.g. 2015-06-26T09:54:00).':
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the panel's own text, an expression's syntax
    '到期时间：EL 表达式（如 ${someDate}）或 ISO 时间（如 2015-06-26T09:54:00）。',
  'The follow up date as an EL expression (e.g. ${someDate}) or an ISO date (e.g. 2015-06-26T09:54:00).':
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the panel's own text, an expression's syntax
    '跟进时间：EL 表达式（如 ${someDate}）或 ISO 时间（如 2015-06-26T09:54:00）。',
  'Specifies the priority of a user task. Must be an integer between 0 and 100. If no value is provided, the default value is 50. ':
    '用户任务的优先级：0 到 100 的整数，不填为 50。',
  Form: '表单',
  Forms: '表单',
  Type: '类型',
  'Form key': '表单标识',
  'Custom form key': '自定义表单标识',
  'Embedded or External Task Forms': '内嵌或外部表单',
  'Generated Task Forms': '生成的表单',
  'Camunda Forms': 'Camunda 表单',
  'Form reference': '表单引用',
  Binding: '绑定',
  '<none>': '<无>',
  Condition: '条件',
  'Condition Expression': '条件表达式',
  'Condition expression': '条件表达式',
  Expression: '表达式',
  Script: '脚本',
  'Start initiator': '发起人',
  Initiator: '发起人变量',
  Timer: '定时器',
  'Timer type': '定时类型',
  Date: '日期',
  Duration: '时长',
  Cycle: '周期',
  Value: '值',
  'A specific point in time defined as ISO 8601 combined date and time representation.': 'ISO 8601 格式的时间点。',
  'A time duration defined as ISO 8601 durations format.': 'ISO 8601 格式的时长。',
  'A cycle defined as ISO 8601 repeating intervals format.': 'ISO 8601 格式的重复周期。',
  'UTC time': 'UTC 时间',
  'UTC plus 2 hours zone offset': 'UTC 加 2 小时时区偏移',
};

/**
 * English texts the designer says differently: how the platform's engine reads candidate groups
 * and users (role aliases, departments, accounts), where the panel speaks of Camunda's groups.
 */
export const bpmnEn: Record<string, string> = {
  'Specify more than one group as a comma separated list.': 'Role aliases (hr or role:hr) or dept:<department id>, comma separated.',
  'Specify more than one user as a comma separated list.': 'User ids or accounts, comma separated.',
};

/**
 * The designer's `translate` service for a language: Chinese from bpmnZh, English as bpmn-js
 * says it but for bpmnEn, `{name}` placeholders replaced in both.
 */
export function bpmnTranslate(language: string): (template: string, replacements?: Record<string, string>) => string {
  const table = language.startsWith('zh') ? bpmnZh : bpmnEn;
  return (template, replacements = {}) =>
    (table[template] ?? template).replace(/\{([^}]+)\}/g, (whole, key: string) => replacements[key] ?? whole);
}
