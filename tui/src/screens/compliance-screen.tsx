import type { ComplianceControl, ComplianceReportAnswer } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { Table } from '../components/table.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';

const STATE_KEYS = { met: 'met', 'not met': 'notMet', 'n/a': 'na' } as const;

/**
 * 合规配置 in the terminal: the report of every control with its state and what to change, and the
 * tenant's switch of the profile (`p`); the limits are set in the web console or with `sso compliance submit`.
 */
export function ComplianceScreen({ active, width }: { active: boolean; width: number }) {
  const { client, run, notify } = useConsole();
  const { t } = useLang();
  const [report, setReport] = useState<ComplianceReportAnswer>();
  const [tick, setTick] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` reloads
  useEffect(() => {
    void run(() => client.system.compliance.report()).then((answer) => answer && setReport(answer));
  }, [client, run, tick]);

  useInput(
    (input) => {
      if (input === 'r') setTick((n) => n + 1);
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
      <Text dimColor>{t('complianceKeys')}</Text>
    </Box>
  );
}
