import { defineMessagePattern, defineMessagePatterns, defineMessages } from '../../messages.js';

/** Validation and refusal messages of the WeChat resources (official accounts, mini programs, menus, followers, messages). */
export const wxMessages = defineMessages('wx', {
  name: ['请输入应用名称', 'Please enter the application name'],
  appType: ['应用类型须为 1(公众号) 或 2(小程序)', 'The application type must be 1 (official account) or 2 (mini program)'],
  wxAppId: ['AppID 格式错误，应为 wx 加 16 位十六进制字符', 'The AppID is malformed: wx followed by 16 hexadecimal characters'],
  appSecret: ['AppSecret 格式错误，应为 32 位十六进制字符', 'The AppSecret is malformed: 32 hexadecimal characters'],
  appSecretRequired: ['新建应用须填写 AppSecret', 'A new application needs its AppSecret'],
  token: ['令牌(Token)须为 3-32 位字母或数字', 'The token must be 3 to 32 letters or digits'],
  aesKey: ['消息加解密密钥(EncodingAESKey)须为 43 位字母或数字', 'The EncodingAESKey must be 43 letters or digits'],
  appIdTaken: ['该 AppID 已被其他应用使用', 'Another application already uses this AppID'],
  appId: ['请选择微信应用', 'Please choose the WeChat application'],
  appMissing: ['微信应用不存在', 'The WeChat application does not exist'],
  appChoose: ['请选择微信应用', 'Please choose the WeChat application'],
  appDisabled: ['微信应用已停用', 'The WeChat application is disabled'],
  notOfficial: ['该应用不是公众号', 'This application is not an official account'],
  notMini: ['该应用不是小程序', 'This application is not a mini program'],
  menuName: ['请输入菜单名称', 'Please enter the menu name'],
  menuType: ['菜单类型须为 click、view 或 miniprogram', 'The menu type must be click, view or miniprogram'],
  menuTypeRequired: ['子菜单须选择菜单类型', 'A sub-menu needs a menu type'],
  topNameTooLong: [
    '一级菜单名称不能超过 16 个字节(约 5 个汉字)',
    'A top-level menu name may be at most 16 bytes (about 5 Chinese characters)',
  ],
  subNameTooLong: ['子菜单名称不能超过 60 个字节(约 20 个汉字)', 'A sub-menu name may be at most 60 bytes (about 20 Chinese characters)'],
  tooManyTop: ['一级菜单最多 3 个', 'There may be at most 3 top-level menus'],
  tooManySub: ['每个一级菜单下最多 5 个子菜单', 'A top-level menu may have at most 5 sub-menus'],
  tooDeep: ['子菜单下不能再有子菜单', 'A sub-menu cannot have menus under it'],
  menuKeyRequired: ['点击(click)菜单须填写菜单 KEY', 'A click menu needs its key'],
  menuKeyTooLong: ['菜单 KEY 不能超过 128 个字节', 'The menu key may be at most 128 bytes'],
  urlRequired: ['跳转网页(view)菜单须填写网页链接', 'A view menu needs its web address'],
  url: ['请输入 http 或 https 地址(不超过 1024 个字节)', 'Please enter an http or https address (at most 1024 bytes)'],
  miniRequired: [
    '小程序(miniprogram)菜单须填写小程序 AppID、页面路径和备用网页链接',
    'A miniprogram menu needs the mini program AppID, its page path and a fallback web address',
  ],
  pagePath: ['页面路径格式错误', 'The page path is malformed'],
  menuMissing: ['上级菜单不存在', 'The parent menu does not exist'],
  menuOtherApp: ['上级菜单须属于同一应用', 'The parent menu must belong to the same application'],
  menuHasChildren: ['请先删除子菜单', 'Remove the sub-menus first'],
  topNeedsType: ['没有子菜单的一级菜单须选择菜单类型', 'A top-level menu without sub-menus needs a menu type'],
  noMenus: ['该应用还没有菜单', 'The application has no menus yet'],
  sort: ['排序须为整数', 'The sort order must be a whole number'],
  followerNoAdd: ['粉丝由微信同步而来，不能手工新增', 'Followers come from WeChat and cannot be added by hand'],
  followerFields: ['只能修改粉丝的备注和标签', 'Only the remark and tags of a follower can be changed'],
  followerMissing: ['粉丝不存在', 'The follower does not exist'],
  remark: ['备注不能超过 30 个字符', 'The remark may be at most 30 characters'],
  tagIds: ['标签须为逗号分隔的数字，最多 20 个', 'Tags must be comma-separated numbers, at most 20'],
  tagId: ['请选择标签', 'Please choose a tag'],
  ids: ['请选择粉丝', 'Please choose followers'],
  tooManyIds: ['一次最多选择 50 个粉丝', 'At most 50 followers at a time'],
  title: ['请输入消息标题', 'Please enter the message title'],
  msgKind: ['消息类型须为 template(模板消息) 或 mass(群发)', 'The message kind must be template or mass'],
  templateId: ['模板消息须填写模板 ID', 'A template message needs its template id'],
  templateData: [
    '模板数据须为 JSON 对象，每个字段为文本或 {"value": 文本}',
    'The template data must be a JSON object whose fields are text or {"value": text}',
  ],
  massType: ['群发类型须为 text(文本) 或 mpnews(图文)', 'The mass message type must be text or mpnews'],
  massContent: ['文本群发须填写内容', 'A text mass message needs its content'],
  mediaId: ['图文群发须填写素材 media_id', 'An mpnews mass message needs its media_id'],
  target: ['发送对象须为 users(指定粉丝)、tag(标签) 或 all(全部)', 'The recipients must be users, tag or all'],
  templateAll: ['模板消息不能发给全部粉丝，请选择粉丝或标签', 'A template message cannot go to all followers: choose followers or a tag'],
  openIds: ['请填写接收粉丝的 OpenID(逗号分隔)', 'Give the OpenIDs of the recipients (comma-separated)'],
  openIdFormat: ['OpenID 格式错误', 'An OpenID is malformed'],
  massTwoUsers: ['按 OpenID 群发至少需要 2 个粉丝', 'A mass message to chosen followers needs at least 2 of them'],
  tooManyOpenIds: ['一次最多发送给 50000 个粉丝', 'At most 50000 recipients per message'],
  tagRequired: ['按标签发送须选择标签', 'Sending to a tag needs the tag'],
  noRecipients: ['没有可发送的粉丝', 'There are no recipients to send to'],
  sentLocked: ['已发送的消息不能修改', 'A message that was sent cannot be changed'],
  messageMissing: ['消息不存在', 'The message does not exist'],
  badDay: ['日期须为 yyyy-MM-dd 或 yyyyMMdd 格式的有效日期', 'Dates must be real days written yyyy-MM-dd or yyyyMMdd'],
  badRange: [
    '开始日期不能晚于结束日期，结束日期不能晚于昨天，且跨度不超过 366 天',
    'The start day must not be after the end day, the end day not after yesterday, and the range at most 366 days',
  ],
  weekRange: ['周数据须从周一开始、到周日结束', 'Weekly figures run from a Monday to a Sunday'],
  monthRange: ['月数据须从月初开始、到月末结束', 'Monthly figures run from the first to the last day of a month'],
  wechatBusy: ['微信接口繁忙，请稍后再试', 'The WeChat API is busy; try again shortly'],
  wechatUnreachable: ['无法连接微信接口', 'The WeChat API cannot be reached'],
  wechatBadAnswer: ['微信接口返回了无法识别的内容', 'The WeChat API answered something that cannot be read'],
  callbackSignature: ['签名校验失败', 'The signature does not match'],
  callbackReplay: ['重复或过期的回调', 'The callback is a replay or too old'],
  callbackBody: ['回调内容无法解析', 'The callback body cannot be read'],
});

// WeChat's refusals carry its code and message: `<what>: <errcode> <errmsg>`.
export const wxRefusals = defineMessagePatterns('wxRefusal', {
  answered: ['微信接口返回错误 {errcode}: {errmsg}', 'WeChat answered error {errcode}: {errmsg}'],
  limited: [
    '微信接口调用超过频率限制 {errcode}({limit}): {errmsg}',
    'WeChat refused the call: limit {errcode} ({limit}) reached: {errmsg}',
  ],
});
// The same wordings where they were recorded without an id, translated by their wording.
defineMessagePattern(/^微信接口返回错误 (-?\d+): (.*)$/s, 'WeChat answered error $1: $2');
defineMessagePattern(/^微信接口调用超过频率限制 (\d+)\((.+?)\): (.*)$/s, 'WeChat refused the call: limit $1 ($2) reached: $3');

/** The frequency limits WeChat names by errcode, as refusals name them. */
export const wxLimitNames = defineMessages('wxLimit', {
  '45009': ['接口每日调用次数已达上限，次日零点恢复', 'the daily call quota of this API is used up until midnight'],
  '45011': ['接口调用过于频繁，超过每分钟限额', 'calls to this API are too frequent (per-minute quota)'],
  '45047': ['客服消息下行条数超过上限', 'too many customer service messages'],
  '45033': ['群发请求过于频繁', 'mass messages are sent too often'],
  '45028': ['群发次数已用完', 'no mass messages left for this period'],
});
