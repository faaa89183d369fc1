import { app, dict, dictBiz, type MenuNode, registry, resourceForMenu } from '@sso/shared-api';
import { Text } from 'ink';
import { ListScreen } from '../components/list-screen.js';
import { useLang } from '../core/i18n.js';
import { MasterDetail } from './master-detail.js';
import { PROFILE_CODE } from './profile-code.js';
import { ProfileScreen } from './profile-screen.js';
import { refreshMsOf } from './self-refreshing.js';
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

/**
 * The screen a menu opens: the few with screens of their own (users, dictionaries, the
 * application catalogue, logs, personal info), else the generic list of the registry resource
 * the menu's code names.
 */
export function ScreenFor({ menu, active, shown, width, height }: ScreenProps) {
  const { t } = useLang();
  const size = { active, width, height };
  if (menu.code === PROFILE_CODE) return <ProfileScreen active={active} width={width} />;
  if (menu.code === 'user') return <UserScreen {...size} />;
  if (menu.code in WORK_LISTS) return <WorkScreen menuCode={menu.code} {...size} />;
  if (menu.code === 'dict' || menu.code === 'dictbiz') {
    const def = menu.code === 'dict' ? dict : dictBiz;
    return (
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
  }
  if (menu.code === app.permission)
    return (
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
    );
  const def = resourceForMenu(menu.code);
  if (!def || def.routes === 'none') return <Text dimColor>{t('noScreen')}</Text>;
  return <ListScreen key={def.basePath} def={def} shown={shown} refreshMs={refreshMsOf(menu.code)} {...size} />;
}
