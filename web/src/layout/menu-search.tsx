import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, List, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { menuNameIn } from '../i18n/menu-names.js';
import { useStore } from '../lib/store.js';
import { MenuIcon } from './menu-icon.js';
import { leavesOf, type MenuItem, trailOf } from './menu-index.js';
import { openMenu } from './open-menu.js';
import { settingsStore, updateSettings } from './settings.js';
import { useMenuItems } from './use-route-info.js';

/**
 * Menu items whose name starts with the query (prefix match), case-insensitive: the name shown in
 * the language (the English name in English) or the Chinese name, so either finds a screen.
 */
export function searchMenus(items: readonly MenuItem[], query: string, language = 'zh-CN'): MenuItem[] {
  const q = query.trim().toLowerCase();
  const leaves = leavesOf(items);
  const matches = (item: MenuItem) => [item.name, menuNameIn(language, item)].some((name) => name.toLowerCase().startsWith(q));
  return q ? leaves.filter(matches) : leaves;
}

export function MenuSearchButton() {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      icon={<SearchOutlined />}
      onClick={() => updateSettings({ menuSearch: true })}
      aria-label={t('search.title')}
      title={t('search.title')}
    />
  );
}

/** The panel titled 菜单搜索; Esc closes it (antd Modal's keyboard handling). */
export function MenuSearchPanel() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const open = useStore(settingsStore, (s) => s.menuSearch);
  const items = useMenuItems();
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchMenus(items, query, i18n.language), [items, query, i18n.language]);
  const close = () => {
    updateSettings({ menuSearch: false });
    setQuery('');
  };
  const choose = (item: MenuItem) => {
    close();
    openMenu(item, navigate);
  };

  return (
    <Modal title={t('search.title')} open={open} onCancel={close} footer={null} keyboard destroyOnHidden width={560}>
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onPressEnter={() => results[0] && choose(results[0])}
      />
      <List<MenuItem>
        style={{ maxHeight: 360, overflow: 'auto', marginTop: 8 }}
        dataSource={results}
        locale={{ emptyText: <Empty description={t('search.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        renderItem={(item) => (
          <List.Item style={{ cursor: 'pointer' }} onClick={() => choose(item)}>
            <List.Item.Meta
              avatar={<MenuIcon source={item.icon} />}
              title={menuNameIn(i18n.language, item)}
              description={(trailOf(items, item.id, i18n.language) ?? []).join(' / ')}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
