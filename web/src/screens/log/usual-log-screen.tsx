import { registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { LogScreen } from './log-screen.js';

const def = registry.log.usual;

/** Usual log (menu `/monitor/log/usual`): the list and a detail drawer. */
export default function UsualLogScreen({ menu }: ScreenProps) {
  return <LogScreen def={def} title={menu?.name} />;
}
