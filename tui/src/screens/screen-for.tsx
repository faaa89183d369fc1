import { app, dict, dictBiz, entryForMenu, type MenuNode, type ResourceDef, registry, resourceForMenu, user } from '@sso/shared-api';
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { ListScreen } from '../components/list-screen.js';
import { useLang } from '../core/i18n.js';
import { ComplianceScreen } from './compliance-screen.js';
import { MasterDetail } from './master-detail.js';
import { PROFILE_CODE } from './profile-code.js';
import { ProfileScreen } from './profile-screen.js';
import { refreshMsOf } from './self-refreshing.js';
import { SyncScreen } from './sync-screen.js';
import { UserScreen } from './user-screen.js';
import { WORK_LISTS, WorkScreen } from './work-screen.js';

interface ScreenProps {
  menu: MenuNode;
  active: boolean;
  /** False while the sign-in form covers the console: nothing is read by itself then. */
  shown: boolean;
  width: number;
  height: number;
}

type Size = Pick<ScreenProps, 'active' | 'width' | 'height'>;
type Translate = ReturnType<typeof useLang>['t'];

/** A dictionary's groups above the entries of the group chosen. */
const dictionaryScreen = (def: typeof dict | typeof dictBiz) => (size: Size, t: Translate) => (
  <MasterDetail
    master={def}
    detail={def}
    masterScope={{ parentId: '0' }}
    scopeOf={(row) => ({
      scope: { parentId: String(row.id) },
      defaults: { parentId: String(row.id), code: String(row.code) },
      title: `${String(row.dictValue)} (${String(row.code)}) · ${t('entries')}`,
    })}
    hints={t('dictKeys')}
    {...size}
  />
);

/**
 * The resources with a screen of their own, keyed by their typed definition; every other
 * resource a menu opens gets the generic list.
 */
const OWN_SCREENS = new Map<ResourceDef, (size: Size, t: Translate) => ReactNode>([
  [user, (size) => <UserScreen {...size} />],
  [registry.system.syncSource, (size) => <SyncScreen {...size} />],
  [dict, dictionaryScreen(dict)],
  [dictBiz, dictionaryScreen(dictBiz)],
  [
    app,
    (size, t) => (
      <MasterDetail
        master={app}
        detail={registry.aps.appUser}
        scopeOf={(row) => ({
          scope: { appId: String(row.id) },
          defaults: { appId: String(row.id) },
          title: `${String(row.appName)} · ${t('grants')}`,
        })}
        hints={t('appKeys')}
        {...size}
      />
    ),
  ],
]);

/**
 * The screen a menu opens: personal info and the workflow task lists (menus of no resource), the
 * compliance report (an endpoint group),
 * a resource's own screen, else the generic list of the registry resource the menu's code names.
 */
export function ScreenFor({ menu, active, shown, width, height }: ScreenProps) {
  const { t } = useLang();
  const size = { active, width, height };
  if (menu.code === PROFILE_CODE) return <ProfileScreen active={active} width={width} />;
  if (menu.code in WORK_LISTS) return <WorkScreen menuCode={menu.code} {...size} />;
  if (entryForMenu(menu.code) === registry.system.compliance) return <ComplianceScreen active={active} width={width} />;
  const def = resourceForMenu(menu.code);
  const own = def && OWN_SCREENS.get(def);
  if (own) return own(size, t);
  if (!def) return <Text dimColor>{t('noScreen')}</Text>;
  return <ListScreen key={def.basePath} def={def} shown={shown} refreshMs={refreshMsOf(def)} {...size} />;
}
