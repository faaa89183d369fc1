import type { MenuNode, SsoClient, UserInfo } from '@sso/shared-api';
import { Box, Text, useApp, useInput } from 'ink';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Sidebar } from './components/sidebar.js';
import { StatusLine } from './components/status-line.js';
import { CaptureContext } from './core/capture.js';
import { useConsole } from './core/console.js';
import { type Lang, useLang } from './core/i18n.js';
import { flatten } from './core/tree.js';
import { PROFILE_CODE } from './screens/profile-code.js';

interface ShellProps {
  client: SsoClient;
  server: string;
  /** False while the sign-in form is over it: it keeps its state and takes no keys. */
  active: boolean;
  onLanguage: (lang: Lang) => void;
}

const SIDEBAR = 24;

/**
 * The screens (with the resource registry), the palette and the help panel are a chunk of their
 * own: the first frame never waits for them. They load once the status line and the sidebar have
 * their answers, so compiling them never holds those back, or at once when a key asks for them.
 */
const loadParts = () =>
  Promise.all([import('./screens/screen-for.js'), import('./components/palette.js'), import('./components/help-panel.js')]).then(
    ([screens, palette, help]) => ({ ScreenFor: screens.ScreenFor, Palette: palette.Palette, HelpPanel: help.HelpPanel }),
  );
type Parts = Awaited<ReturnType<typeof loadParts>>;

/** The signed-in console: status line, sidebar from `menu/routes`, the open screen, the status area. */
export function Shell({ client, server, active, onLanguage }: ShellProps) {
  const { exit } = useApp();
  const { run, columns, rows } = useConsole();
  const { lang, t } = useLang();
  const [menus, setMenus] = useState<MenuNode[]>([]);
  const [me, setMe] = useState<UserInfo>();
  const [open, setOpen] = useState<MenuNode>();
  const [focus, setFocus] = useState<'sidebar' | 'main'>('sidebar');
  const [overlay, setOverlay] = useState<'palette' | 'help' | undefined>();
  const [capturing, setCapturing] = useState<ReadonlySet<string>>(new Set());
  const [parts, setParts] = useState<Parts>();
  const report = useCallback((id: string, on: boolean) => {
    setCapturing((current) => {
      if (current.has(id) === on) return current;
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  useEffect(() => {
    if (!active) return;
    void run(() => client.system.menu.routes()).then((tree) => tree && setMenus(tree));
    void run(() => client.userInfo()).then((info) => info && setMe(info));
  }, [client, run, active]);

  const partsWanted = (me !== undefined && menus.length > 0) || open !== undefined || overlay !== undefined;
  useEffect(() => {
    if (partsWanted && !parts) void loadParts().then(setParts);
  }, [partsWanted, parts]);

  const profileMenu = useMemo(
    () =>
      ({
        id: PROFILE_CODE,
        parentId: '0',
        code: PROFILE_CODE,
        name: '个人信息',
        nameEn: 'Personal info',
        alias: '',
        path: '',
        source: '',
        sort: 0,
        category: 1,
        action: 0,
        isOpen: 1,
        remark: '',
        hasChildren: false,
      }) as MenuNode,
    [],
  );
  const sidebarMenus = useMemo(() => [...menus, profileMenu], [menus, profileMenu]);
  const leaves = useMemo(() => {
    const all = flatten<MenuNode>(
      sidebarMenus,
      (n) => n.id,
      new Set(
        sidebarMenus.flatMap(function ids(n): string[] {
          return [n.id, ...(n.children ?? []).flatMap(ids)];
        }),
      ),
    );
    return all.filter((line) => !line.hasChildren).map((line) => line.node);
  }, [sidebarMenus]);

  const openMenu = (node: MenuNode) => {
    setOpen(node);
    setFocus('main');
    setOverlay(undefined);
  };

  useInput(
    (input, key) => {
      if (key.tab) return setFocus((f) => (f === 'sidebar' && open ? 'main' : 'sidebar'));
      if (input === ':') return setOverlay('palette');
      if (input === '?') return setOverlay('help');
      if (input === 'L') return onLanguage(lang === 'en' ? 'zh' : 'en');
      if (input === 'q') return exit();
      if (key.escape && focus === 'main') setFocus('sidebar');
    },
    { isActive: active && overlay === undefined && capturing.size === 0 },
  );

  const height = Math.max(8, rows - 3);
  const mainWidth = Math.max(20, columns - SIDEBAR - 1);
  const role = me?.roleName ?? '';
  const user = me ? `${me.realName || me.account} (${me.account})` : '…';
  return (
    <CaptureContext.Provider value={report}>
      <Box flexDirection="column" width={columns}>
        <StatusLine user={user} tenant={me?.tenantId ?? ''} role={role} server={server} width={columns} />
        <Box height={height}>
          <Sidebar
            menus={sidebarMenus}
            lang={lang}
            active={active && focus === 'sidebar' && overlay === undefined}
            width={SIDEBAR}
            height={height}
            openCode={open?.code}
            onOpen={openMenu}
          />
          <Box flexDirection="column" paddingLeft={1} width={mainWidth}>
            {!parts ? null : overlay === 'palette' ? (
              <parts.Palette menus={leaves} active={active} width={mainWidth} onPick={openMenu} onClose={() => setOverlay(undefined)} />
            ) : overlay === 'help' ? (
              <parts.HelpPanel active={active} onClose={() => setOverlay(undefined)} />
            ) : null}
            {open && parts ? (
              <parts.ScreenFor
                key={open.id}
                menu={open}
                active={active && focus === 'main' && overlay === undefined}
                shown={active}
                width={mainWidth - 1}
                height={height - (overlay ? 12 : 0)}
              />
            ) : (
              <Text dimColor>{t('welcome')}</Text>
            )}
          </Box>
        </Box>
      </Box>
    </CaptureContext.Provider>
  );
}
