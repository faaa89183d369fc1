import {
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  BranchesOutlined,
  BugOutlined,
  CheckSquareOutlined,
  CrownOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  DownloadOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  StarOutlined,
  SwapOutlined,
  TableOutlined,
  TagOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu `source` values are BladeX iconfont classes (`iconfont iconicon_setting`) or antd-style
 * names; a keyword picks a bundled icon and anything else gets the default icon, as does an empty one. Only
 * these icons are bundled, not the whole icon set.
 */
const byKeyword: [RegExp, ComponentType][] = [
  [/setting|cog/, SettingOutlined],
  [/principal|user|person/, UserOutlined],
  [/group|team|contacts/, TeamOutlined],
  [/chart|statistic|analy/, BarChartOutlined],
  [/message|sms|comment/, MessageOutlined],
  [/home|portal/, HomeOutlined],
  [/safety|quanxian|suoping|lock|key/, SafetyOutlined],
  [/bug|error/, BugOutlined],
  [/folder|coinpurse|attach/, FolderOutlined],
  [/location|region|map/, EnvironmentOutlined],
  [/wechat|weixin/, WechatOutlined],
  [/link/, LinkOutlined],
  [/exchange|swap|flow/, SwapOutlined],
  [/notice|bell/, NotificationOutlined],
  [/mobile|phone/, MobileOutlined],
  [/airplay|desk|monitor/, DesktopOutlined],
  [/subordinate|menu/, MenuOutlined],
  [/database|shujuku|datasource/, DatabaseOutlined],
  [/baobiao|report|table/, TableOutlined],
  [/tool|gongju|wxbgongju/, ToolOutlined],
  [/addresslist|book|dict/, BookOutlined],
  [/tag|version/, TagOutlined],
  [/download/, DownloadOutlined],
  [/favorite|star/, StarOutlined],
  [/boss|crown|role/, CrownOutlined],
  [/task|todo|check/, CheckSquareOutlined],
  [/branch|node/, BranchesOutlined],
  [/doc|file|savememo|log/, FileTextOutlined],
];

export function MenuIcon({ source }: { source?: string | null }) {
  const text = (source ?? '').toLowerCase();
  const Icon = byKeyword.find(([pattern]) => pattern.test(text))?.[1] ?? AppstoreOutlined;
  return <Icon />;
}
