import { Menu } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { menuNameIn } from '../i18n/menu-names.js';
import { useStore } from '../lib/store.js';
import { userStore } from '../session/user-store.js';
import { selectTopMenu } from '../sign-on/load-user.js';

interface TopMenuRow {
  id: string;
  name: string;
  nameEn?: string;
}

/**
 * Top menus granted to the user's role (menu/top-menu). Choosing one reloads the sidebar with
 * `routes?topMenuId=`; 首页 shows every menu. Hidden when the role has none.
 */
export function TopMenu() {
  const { t, i18n } = useTranslation();
  const [rows, setRows] = useState<TopMenuRow[]>([]);
  const topMenuId = useStore(userStore, (s) => s.topMenuId);
  useEffect(() => {
    client.system.menu.topMenu().then(
      (list) => setRows(list.map((r) => ({ id: String(r.id), name: String(r.name), nameEn: r.nameEn ? String(r.nameEn) : undefined }))),
      () => setRows([]),
    );
  }, []);
  if (!rows.length) return null;
  return (
    <Menu
      mode="horizontal"
      style={{ flex: 1, minWidth: 0, borderBottom: 0, background: 'transparent' }}
      selectedKeys={[topMenuId ?? 'home']}
      items={[{ key: 'home', label: t('navbar.home') }, ...rows.map((r) => ({ key: r.id, label: menuNameIn(i18n.language, r) }))]}
      onClick={({ key }) => void selectTopMenu(key === 'home' ? undefined : key)}
    />
  );
}
