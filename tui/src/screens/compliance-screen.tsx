import type { ComplianceControl, ComplianceReportAnswer, PersonalDataStateAnswer } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { ConfirmLine } from '../components/confirm-line.js';
import { Table } from '../components/table.js';
import { useCapture } from '../core/capture.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';

const STATE_KEYS = { met: 'met', 'not met': 'notMet', 'n/a': 'na' } as const;

/**
 * 合规配置 in the terminal: the report of every control with its state and what to change, and the
 * tenant's switch of the profile (`p`); the limits are set in the web console or with `sso compliance submit`.
 * The platform tenant also sees the encryption at rest of users' phone and email and rotates its
 * key with `k` after a yes (the server answers the state to the platform tenant only: others see no line).
 */
export function ComplianceScreen({ active, width }: { active: boolean; width: number }) {
  const { client, run, notify } = useConsole();
  const { t } = useLang();
  const [report, setReport] = useState<ComplianceReportAnswer>();
  const [personalData, setPersonalData] = useState<PersonalDataStateAnswer>();
  const [asking, setAsking] = useState(false);
  const [tick, setTick] = useState(0);
  useCapture(active && asking);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` reloads
  useEffect(() => {
    void run(() => client.system.compliance.report()).then((answer) => answer && setReport(answer));
    // Refused (403) to every tenant but the platform's: no line then, and no error shown.
    client.system.compliance.personalData().then(setPersonalData, () => setPersonalData(undefined));
  }, [client, run, tick]);

  const rotate = () =>
    void run(() => client.system.compliance.rotatePersonalDataKey()).then((state) => {
      if (state === undefined) return;
      notify(t('personalDataRotated', { key: String(state.currentKeyId ?? '') }));
      setTick((n) => n + 1);
    });

  useInput(
    (input) => {
      if (asking) return;
      if (input === 'r') setTick((n) => n + 1);
      if (input === 'k' && personalData) setAsking(true);
      if (input === 'p' && report)
        void run(() => client.system.compliance.saveSettings({ profile: !report.profile })).then((done) => {
          if (done === undefined) return;
          notify(t('saved'));
          setTick((n) => n + 1);
        });
    },
    { isActive: active },
  );

  const count = (state: ComplianceControl['state']) => report?.controls.filter((control) => control.state === state).length ?? 0;
  const rows = (report?.controls ?? []).map((control) => ({ ...control, shownState: t(STATE_KEYS[control.state]) }));
  return (
    <Box flexDirection="column">
      <Text bold color="cyan">
        {t('complianceTitle')}
      </Text>
      {report && (
        <Text>
          <Text color={report.profile ? 'green' : 'red'}>{t('complianceProfile', { state: t(report.profile ? 'on' : 'off') })}</Text>
          <Text dimColor>{`  ${t('complianceCounts', { met: count('met'), notMet: count('not met'), na: count('n/a') })}`}</Text>
        </Text>
      )}
      <Table
        width={width}
        rowKey="id"
        rows={rows}
        columns={[
          { key: 'title', label: t('control'), max: 24 },
          { key: 'shownState', label: t('controlState'), max: 8 },
          { key: 'detail', label: t('controlDetail'), max: 80 },
        ]}
      />
      {report && (
        <Text dimColor wrap="truncate">
          {report.controls
            .filter((control) => control.state === 'not met')
            .map((control) => control.id)
            .join(' · ')}
        </Text>
      )}
      {personalData && (
        <Text>
          <Text color={personalData.encrypted ? 'green' : 'red'}>
            {t(personalData.encrypted ? 'personalDataOn' : 'personalDataOff', { key: String(personalData.currentKeyId ?? '') })}
          </Text>
          <Text dimColor>{`  ${t('personalDataPending', { n: personalData.pending })}`}</Text>
        </Text>
      )}
      {asking ? (
        <ConfirmLine
          question={t(personalData?.encrypted ? 'confirmRotate' : 'confirmEncrypt')}
          active={active}
          onAnswer={(yes) => {
            setAsking(false);
            if (yes) rotate();
          }}
        />
      ) : (
        <Text dimColor>{t(personalData ? 'compliancePlatformKeys' : 'complianceKeys')}</Text>
      )}
    </Box>
  );
}
