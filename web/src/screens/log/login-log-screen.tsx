import { registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { LogScreen } from './log-screen.js';
import { ThrottledAddresses } from './throttled-addresses.js';

const def = registry.log.login;

/**
 * Sign-in log (menu `/monitor/log/login`): every password sign-in attempt, its list and a detail
 * drawer; above it, for the platform's administrators, the addresses throttled for failures.
 */
export default function LoginLogScreen({ menu }: ScreenProps) {
  return (
    <>
      <ThrottledAddresses />
      <LogScreen def={def} title={menu?.name} log="login" />
    </>
  );
}
