import { registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { LogScreen } from './log-screen.js';

const def = registry.log.error;

/** Error log (menu `/monitor/log/error`): the list and a detail drawer. */
export default function ErrorLogScreen({ menu }: ScreenProps) {
  return <LogScreen def={def} title={menu?.name} log="error" />;
}
