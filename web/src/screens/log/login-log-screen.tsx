import { type ResourceDef, registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { LogScreen } from './log-screen.js';

const def = registry.log.login as unknown as ResourceDef;

/** Sign-in log (menu `/monitor/log/login`): every password sign-in attempt, its list and a detail drawer. */
export default function LoginLogScreen({ menu }: ScreenProps) {
  return <LogScreen def={def} title={menu?.name} />;
}
