import { registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { ChainVerify } from './chain-verify.js';
import { LogScreen } from './log-screen.js';

const def = registry.log.usual;

/** Usual log (menu `/monitor/log/usual`): the audit chain's check, the list and a detail drawer. */
export default function UsualLogScreen({ menu }: ScreenProps) {
  return (
    <>
      <ChainVerify />
      <LogScreen def={def} title={menu?.name} />
    </>
  );
}
