import type { SsoClient } from '@sso/shared-api';
import { Card, Flex, Input, Segmented, Table, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { ScreenProps } from '../screen-props.js';
import './strings.js';

type AnalysisRow = Awaited<ReturnType<SsoClient['aps']['appAnalysis']['page']>>['records'][number];

const PERIODS = [7, 30, 90] as const;

/** Opens per day as a row of small bars scaled to the busiest day (no chart library for a table cell). */
function PerDayBars({ perDay }: { perDay: AnalysisRow['perDay'] }) {
  const top = Math.max(1, ...perDay.map((d) => d.opens));
  return (
    <Flex align="flex-end" gap={1} style={{ height: 28, minWidth: 120 }} data-testid="per-day-bars">
      {perDay.map((d) => (
        <Tooltip key={d.day} title={`${d.day}: ${d.opens}`}>
          <div
            style={{ flex: 1, minWidth: 2, height: `${Math.max(4, (d.opens / top) * 100)}%`, background: d.opens ? '#1677ff' : '#e5e6eb' }}
          />
        </Tooltip>
      ))}
    </Flex>
  );
}

/** /aps/appanalysis (应用分析): per application over a chosen period, opens per day, total opens, distinct users and last open. */
export default function AppAnalysisScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const [filters, setFilters] = useState('');
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [answer, setAnswer] = useState<{ records: AnalysisRow[]; total: number }>();

  useEffect(() => {
    let live = true;
    setAnswer(undefined);
    client.aps.appAnalysis
      .page({
        days,
        current: paging.current,
        size: paging.size,
        ...(filters ? { filters } : {}),
      })
      .then(
        (page) => live && setAnswer(page),
        () => live && setAnswer({ records: [], total: 0 }), // toasted by the response handler
      );
    return () => {
      live = false;
    };
  }, [days, filters, paging]);

  return (
    <Card
      size="small"
      title={menu?.name ?? t('apsScreen.analysisTitle')}
      extra={
        <Segmented
          size="small"
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={PERIODS.map((period) => ({ value: period, label: t('apsScreen.lastDays', { days: period }) }))}
        />
      }
    >
      <Input.Search
        allowClear
        placeholder={t('apsScreen.analysisSearch')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(value) => {
          setFilters(value.trim());
          setPaging((old) => ({ ...old, current: 1 }));
        }}
      />
      <Table<AnalysisRow>
        rowKey="appId"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={!answer}
        dataSource={answer?.records ?? []}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: answer?.total ?? 0,
          onChange: (current, size) => setPaging({ current, size }),
        }}
        columns={[
          { key: 'appCode', dataIndex: 'appCode', title: t('apsScreen.appCode') },
          { key: 'appName', dataIndex: 'appName', title: t('apsScreen.appName') },
          { key: 'perDay', title: t('apsScreen.opensPerDay'), render: (_, row) => <PerDayBars perDay={row.perDay} /> },
          { key: 'opens', dataIndex: 'opens', title: t('apsScreen.opens') },
          { key: 'users', dataIndex: 'users', title: t('apsScreen.distinctUsers') },
          { key: 'lastOpen', dataIndex: 'lastOpen', title: t('apsScreen.lastOpen'), render: (value: string | null) => value ?? '-' },
        ]}
      />
    </Card>
  );
}
