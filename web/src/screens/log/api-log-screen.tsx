import { registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { LogScreen } from './log-screen.js';

const def = registry.log.api;

/** API log (menu `/monitor/log/api`): the list and a detail drawer. */
export default function ApiLogScreen({ menu }: ScreenProps) {
  return <LogScreen def={def} title={menu?.name} log="api" />;
}
