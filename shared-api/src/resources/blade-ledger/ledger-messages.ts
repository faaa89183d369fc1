import { defineMessages } from '../../messages.js';

/** The application ledger's messages (blade-ledger), Chinese with their English. */
export const ledgerMessages = defineMessages('ledger', {
  appName: ['请输入系统名称', 'Please enter the system name'],
  systemName: ['请输入系统名称', 'Please enter the system name'],
  entryMissing: ['台账条目不存在或未上架', 'The ledger entry does not exist or is not on the market'],
  entryChoose: ['请选择台账条目', 'Please choose the ledger entry'],
  networkMissing: ['网络安全记录不存在', 'The network security record does not exist'],
  appMissing: ['关联的应用不存在', 'The linked application does not exist'],
  appChoose: ['请选择应用', 'Please choose the application'],
  notChecked: ['未审核的条目不能上架', 'An entry must be reviewed before it is shelved'],
  content: ['请输入评论内容', 'Please enter the comment'],
  contentLength: ['评论不能超过500个字符', 'A comment may not exceed 500 characters'],
  flag: ['只能是 0 或 1', 'Must be 0 or 1'],
  level: ['等保级别须为 1 到 5', 'The protection level must be 1 to 5'],
  date: ['请输入正确的日期（yyyy-MM-dd）', 'Please enter a valid date (yyyy-MM-dd)'],
  userScale: ['用户规模须为非负整数', 'The user count must be a whole number, zero or more'],
  sort: ['排序须为整数', 'The sort order must be a whole number'],
  likeTaken: ['已点赞过该条目', 'This entry is already liked'],
  isShelf: ['isShelf 只能是 0（下架）或 1（上架）', 'isShelf must be 0 (off the market) or 1 (on it)'],
});

/** Longest comment, in characters. */
export const COMMENT_MAX = 500;
