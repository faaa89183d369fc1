import { AutoComplete, Input, Space } from 'antd';
import { MenuIcon } from '../layout/menu-icon.js';

/** The BladeX iconfont classes the seeded menus use, offered by the picker (any other text is kept). */
export const MENU_ICONS = [
  'iconicon_setting',
  'iconicon_principal',
  'iconicon_group',
  'iconicon_chart',
  'iconicon_message',
  'iconicon_sms',
  'iconicon_home',
  'iconicon_safety',
  'iconicon_folder',
  'iconicon_coinpurse_line',
  'iconicon_location',
  'iconicon_wechat',
  'iconicon_link',
  'iconicon_exchange',
  'iconicon_notice',
  'iconicon_mobile',
  'iconicon_airplay',
  'iconicon_subordinate',
  'iconicon_menu',
  'iconicon_addresslist',
  'iconicon_tag',
  'iconicon_download',
  'iconicon_favorite',
  'iconicon_boss',
  'iconicon_task',
  'iconicon_branch',
  'iconicon_doc',
  'iconicon_savememo',
].map((name) => `iconfont ${name}`);

export interface IconPickerProps {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

/**
 * A menu icon (`source`): the icon drawn beside the text, and a list of the known icons, each
 * shown as it will look in the sidebar. The text stays free, as BladeX stores any class.
 */
export function IconPicker({ value, onChange, onBlur, disabled, placeholder, id }: IconPickerProps) {
  const text = value ?? '';
  const options = MENU_ICONS.filter((source) => source.includes(text.trim().toLowerCase())).map((source) => ({
    value: source,
    label: (
      <Space>
        <MenuIcon source={source} />
        {source.replace('iconfont ', '')}
      </Space>
    ),
  }));
  return (
    <AutoComplete
      value={text}
      options={options}
      onChange={(next: string) => onChange?.(next)}
      disabled={disabled}
      style={{ width: '100%' }}
    >
      <Input id={id} onBlur={onBlur} placeholder={placeholder} prefix={<MenuIcon source={text} />} allowClear />
    </AutoComplete>
  );
}

/** The icon of a menu in a table cell or a detail: the icon, with its class as the tooltip. */
export function IconCell({ source }: { source: unknown }) {
  const text = typeof source === 'string' ? source : '';
  if (!text) return null;
  return (
    <span title={text} data-icon={text}>
      <MenuIcon source={text} />
    </span>
  );
}
