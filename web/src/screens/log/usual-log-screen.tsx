import { registry } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { AuditorReads } from './auditor-reads.js';
import { ChainVerify } from './chain-verify.js';
import { LogScreen } from './log-screen.js';

const def = registry.log.usual;

/** Usual log (menu `/monitor/log/usual`): the audit chain's check, the list and a detail drawer,
 * the signed export and the auditor's own reads. */
export default function UsualLogScreen({ menu }: ScreenProps) {
  return (
    <>
      <ChainVerify />
      <LogScreen def={def} title={menu?.name} log="usual" tools={<AuditorReads />} />
    </>
  );
}
