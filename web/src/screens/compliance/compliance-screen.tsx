import {
  COMPLIANCE_LIMITS,
  COMPLIANCE_SWITCHES,
  type ComplianceControl,
  type ComplianceReportAnswer,
  type ComplianceSettings,
  type ComplianceSettingsInput,
  DEFAULT_TENANT_ID,
} from '@sso/shared-api';
import { Alert, Button, Card, Form, InputNumber, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { saveFile } from '../shared/download.js';
import './compliance-strings.js';
import { PersonalDataCard } from './personal-data-card.js';
import { reportCsv } from './report-file.js';

const STATE_COLORS: Record<ComplianceControl['state'], string> = { met: 'green', 'not met': 'red', 'n/a': 'default' };
const STATE_KEYS: Record<ComplianceControl['state'], string> = { met: 'met', 'not met': 'notMet', 'n/a': 'na' };

type FormValues = Omit<ComplianceSettings, 'forcedByPlatform'> & { forAllTenants?: boolean };

/**
 * 合规配置: the tenant's compliance profile (the switch and the limits it brings) above the report
 * of every control with its state and what to change, exportable as a CSV for the assessor. The
 * platform tenant may turn the profile on for every tenant, and turns on or rotates the encryption
 * of personal data.
 */
export default function ComplianceScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [settings, setSettings] = useState<ComplianceSettings>();
  const [report, setReport] = useState<ComplianceReportAnswer>();
  const [saving, setSaving] = useState(false);
  const platform = useStore(userStore, (s) => s.userInfo?.tenantId === DEFAULT_TENANT_ID);
  const profileOn = Form.useWatch('profile', form);

  const load = useCallback(async () => {
    const [current, answer] = await Promise.all([client.system.compliance.settings(), client.system.compliance.report()]);
    setSettings(current);
    setReport(answer);
    form.setFieldsValue({ ...current, forAllTenants: current.forcedByPlatform });
  }, [form]);
  useEffect(() => {
    load().catch(() => undefined); // a refusal is toasted by the client
  }, [load]);

  const save = async (values: FormValues) => {
    setSaving(true);
    try {
      // Only what the administrator changed: a limit left alone keeps following the platform's value.
      const loaded: Partial<FormValues> = { ...settings, forAllTenants: settings?.forcedByPlatform };
      const changed = Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== loaded[name as keyof FormValues]));
      const body = changed as ComplianceSettingsInput;
      await client.system.compliance.saveSettings(body);
      feedback.message.success(t('compliance.saved'));
      await load();
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  const exportReport = () => {
    if (!report) return;
    const headers = ['id', t('compliance.control'), t('compliance.state'), t('compliance.detail')] as const;
    const bytes = new TextEncoder().encode(reportCsv(report, headers));
    saveFile(bytes, `compliance-${report.tenantId}-${report.generatedAt.slice(0, 10)}.csv`, 'text/csv');
  };
  const count = (state: ComplianceControl['state']) => report?.controls.filter((control) => control.state === state).length ?? 0;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="compliance-screen">
      <Card size="small" title={menu?.name ?? t('compliance.settingsTitle')}>
        {settings?.forcedByPlatform && !platform && (
          <Alert type="info" showIcon message={t('compliance.forcedByPlatform')} style={{ marginBottom: 12 }} />
        )}
        <Form form={form} layout="vertical" onFinish={save} disabled={!settings}>
          <Space wrap size={24}>
            <Form.Item name="profile" label={t('compliance.profile')} valuePropName="checked">
              <Switch data-testid="compliance-profile" disabled={settings?.forcedByPlatform && !platform} />
            </Form.Item>
            {platform && (
              <Form.Item name="forAllTenants" label={t('compliance.forAllTenants')} valuePropName="checked">
                <Switch data-testid="compliance-for-all" />
              </Form.Item>
            )}
          </Space>
          <Typography.Paragraph type="secondary">{t('compliance.zeroOff')}</Typography.Paragraph>
          <Space wrap size={16} align="start">
            {COMPLIANCE_LIMITS.map((limit) => (
              <Form.Item key={limit} name={limit} label={t(`compliance.${limit}`)} rules={[{ required: true }]}>
                <InputNumber min={0} precision={0} style={{ width: 200 }} disabled={!profileOn} data-testid={`compliance-${limit}`} />
              </Form.Item>
            ))}
          </Space>
          <Space wrap size={24}>
            {COMPLIANCE_SWITCHES.map((name) => (
              <Form.Item key={name} name={name} label={t(`compliance.${name}`)} valuePropName="checked">
                <Switch disabled={!profileOn} />
              </Form.Item>
            ))}
          </Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="compliance-save">
            {t('compliance.save')}
          </Button>
        </Form>
      </Card>
      {platform && <PersonalDataCard onChanged={() => load().catch(() => undefined)} />}
      <Card
        size="small"
        title={t('compliance.reportTitle')}
        extra={
          // The counts go in the body: beside the buttons they squeezed the title away on a phone.
          <Space>
            <Button size="small" onClick={() => load().catch(() => undefined)}>
              {t('crud.refresh')}
            </Button>
            <Button size="small" disabled={!report} onClick={exportReport}>
              {t('compliance.export')}
            </Button>
          </Space>
        }
      >
        {report && (
          <div style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary" data-testid="compliance-summary">
              {t('compliance.summary', { met: count('met'), notMet: count('not met'), na: count('n/a') })}
            </Typography.Text>
          </div>
        )}
        <Table<ComplianceControl>
          size="small"
          rowKey="id"
          loading={!report}
          dataSource={report?.controls ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('compliance.control'), dataIndex: 'title' },
            {
              title: t('compliance.state'),
              dataIndex: 'state',
              render: (state: ComplianceControl['state']) => <Tag color={STATE_COLORS[state]}>{t(`compliance.${STATE_KEYS[state]}`)}</Tag>,
            },
            { title: t('compliance.detail'), dataIndex: 'detail' },
          ]}
        />
        {report && (
          <Typography.Text type="secondary">
            {t('compliance.generatedAt', { at: new Date(report.generatedAt).toLocaleString() })}
          </Typography.Text>
        )}
      </Card>
    </Space>
  );
}
