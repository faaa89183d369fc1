import { defineMessages } from '../../messages.js';

/** Messages of object storage, attachments and SMS (Chinese first, English second). */
export const resourceMessages = defineMessages('resource', {
  category: ['请选择分类', 'Please choose the category'],
  smsCategory: ['短信服务只支持 log、阿里云和腾讯云', 'SMS supports the log provider, Aliyun and Tencent Cloud only'],
  endpoint: ['请输入资源地址', 'Please enter the endpoint'],
  bucketName: ['请输入空间名', 'Please enter the bucket name'],
  accessKey: ['请输入accessKey', 'Please enter the access key'],
  file: ['请选择要上传的文件', 'Please choose a file to upload'],
  avatarType: ['只能上传jpg/png格式', 'Only jpg/png files can be uploaded'],
  avatarSize: ['不能超过500kb', 'The file must not exceed 500kb'],
  fileMissing: ['文件不存在', 'The file does not exist'],
  linkExpired: ['文件链接已过期，请重新获取', 'The file link has expired: get a new one'],
  linkTampered: ['文件链接签名无效', 'The file link signature is not valid'],
  badFileName: ['文件名不合法', 'The file name is not valid'],
  storageFailed: ['对象存储服务调用失败', 'The object storage service failed'],
  link: ['请输入附件链接', 'Please enter the attachment link'],
  templateCode: ['请输入短信模板编号', 'Please enter the SMS template code'],
  phones: ['请输入手机号码', 'Please enter the phone number'],
  phoneFormat: ['手机号码长度不为11位', 'The phone number must have 11 digits'],
  smsParams: ['短信参数必须是JSON对象', 'The SMS parameters must be a JSON object'],
  smsTemplateMissing: ['短信模板不存在或未启用', 'No enabled SMS configuration has this template code'],
  smsTooFrequent: ['发送过于频繁，请60秒后再试', 'Too many messages: try again in 60 seconds'],
  smsHourlyLimit: ['该手机号一小时内发送次数已达上限', 'This phone number reached its hourly message limit'],
  smsFailed: ['短信发送失败', 'The SMS could not be sent'],
  codeInvalid: ['验证码错误或已过期', 'The verification code is wrong or expired'],
});
