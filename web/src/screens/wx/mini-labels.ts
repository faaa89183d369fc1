/** Names of WeChat's analysis keys, [Chinese, English], as WeChat's documentation defines them. */
type Pair = readonly [string, string];

/** access_source_session_cnt: where visits came from (WeChat's scene groups). */
const SOURCES: Record<number, Pair> = {
  1: ['小程序历史列表', 'Recently used'],
  2: ['搜索', 'Search'],
  3: ['会话', 'Chats'],
  4: ['扫一扫二维码', 'Scanned QR code'],
  5: ['公众号主页', 'Official account profile'],
  6: ['聊天顶部', 'Top of chats'],
  7: ['系统桌面', 'Home screen'],
  8: ['小程序主页', 'Mini program profile'],
  9: ['附近的小程序', 'Nearby'],
  10: ['其他', 'Other'],
  11: ['模板消息', 'Template messages'],
  12: ['客服消息', 'Customer service messages'],
  13: ['公众号菜单', 'Official account menu'],
  14: ['APP 分享', 'Shared from apps'],
  15: ['支付完成页', 'Payment done page'],
  16: ['长按识别二维码', 'Long-pressed QR code'],
  17: ['相册选取二维码', 'QR code from album'],
  18: ['公众号文章', 'Official account articles'],
  19: ['钱包', 'Wallet'],
  20: ['卡包', 'Cards'],
  21: ['小程序内卡券', 'Coupons in mini programs'],
  22: ['其他小程序', 'Other mini programs'],
  23: ['其他小程序返回', 'Back from other mini programs'],
  24: ['卡券适用门店', 'Coupon stores'],
  25: ['搜索框快捷入口', 'Search box shortcut'],
  26: ['小程序客服消息', 'Mini program service messages'],
  27: ['公众号下发', 'Pushed by official accounts'],
};
/** access_staytime_info: stay time bands. */
const STAY: Record<number, Pair> = {
  1: ['0-2 秒', '0–2 s'],
  2: ['3-5 秒', '3–5 s'],
  3: ['6-10 秒', '6–10 s'],
  4: ['11-20 秒', '11–20 s'],
  5: ['20-30 秒', '20–30 s'],
  6: ['30-50 秒', '30–50 s'],
  7: ['50-100 秒', '50–100 s'],
  8: ['100 秒以上', 'over 100 s'],
};
/** access_depth_info: pages per visit. */
const DEPTH: Record<number, Pair> = {
  1: ['1 页', '1 page'],
  2: ['2 页', '2 pages'],
  3: ['3 页', '3 pages'],
  4: ['4 页', '4 pages'],
  5: ['5 页', '5 pages'],
  6: ['6-10 页', '6–10 pages'],
  7: ['10 页以上', 'over 10 pages'],
};
const GENDERS: Record<number, Pair> = { 0: ['未知', 'Unknown'], 1: ['男', 'Male'], 2: ['女', 'Female'] };
const PLATFORMS: Record<number, Pair> = { 1: ['iPhone', 'iPhone'], 2: ['Android', 'Android'], 3: ['其他', 'Other'] };
const AGES: Record<number, Pair> = {
  0: ['未知', 'Unknown'],
  1: ['17 岁以下', 'Under 17'],
  2: ['18-24 岁', '18–24'],
  3: ['25-29 岁', '25–29'],
  4: ['30-39 岁', '30–39'],
  5: ['40-49 岁', '40–49'],
  6: ['50 岁以上', '50 and over'],
};
/** Provinces by the name WeChat gives them, without the 省 / 市 / 自治区 ending. */
const PROVINCES: Record<string, string> = {
  北京: 'Beijing',
  天津: 'Tianjin',
  上海: 'Shanghai',
  重庆: 'Chongqing',
  河北: 'Hebei',
  山西: 'Shanxi',
  辽宁: 'Liaoning',
  吉林: 'Jilin',
  黑龙江: 'Heilongjiang',
  江苏: 'Jiangsu',
  浙江: 'Zhejiang',
  安徽: 'Anhui',
  福建: 'Fujian',
  江西: 'Jiangxi',
  山东: 'Shandong',
  河南: 'Henan',
  湖北: 'Hubei',
  湖南: 'Hunan',
  广东: 'Guangdong',
  海南: 'Hainan',
  四川: 'Sichuan',
  贵州: 'Guizhou',
  云南: 'Yunnan',
  陕西: 'Shaanxi',
  甘肃: 'Gansu',
  青海: 'Qinghai',
  台湾: 'Taiwan',
  内蒙古: 'Inner Mongolia',
  广西: 'Guangxi',
  西藏: 'Tibet',
  宁夏: 'Ningxia',
  新疆: 'Xinjiang',
  香港: 'Hong Kong',
  澳门: 'Macao',
  其他: 'Other',
  未知: 'Unknown',
};

export type MiniLabelKind = 'source' | 'stay' | 'depth' | 'gender' | 'platform' | 'age';
const TABLES: Record<MiniLabelKind, Record<number, Pair>> = {
  source: SOURCES,
  stay: STAY,
  depth: DEPTH,
  gender: GENDERS,
  platform: PLATFORMS,
  age: AGES,
};

const isEnglish = (language: string) => language.startsWith('en');

/** The name of a key of one of WeChat's lists in the screen's language; an unknown key shows as #key. */
export function miniLabel(kind: MiniLabelKind, key: number, language: string, given?: string): string {
  const pair = TABLES[kind][key];
  if (pair) return pair[isEnglish(language) ? 1 : 0];
  return given && !isEnglish(language) ? given : `#${key}`;
}

/** A province as WeChat names it, in English on the English screen (its pinyin name). */
export function provinceLabel(name: string, language: string): string {
  if (!isEnglish(language)) return name;
  const short = name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '');
  return PROVINCES[short] ?? (/[\u4e00-\u9fff]/.test(name) ? short : name);
}
