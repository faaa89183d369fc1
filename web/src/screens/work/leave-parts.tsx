import type { LeaveDetail } from '@sso/shared-api';
import { Card, Col, DatePicker, Descriptions, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { navigateTo } from '../../lib/navigation.js';
import { matchRoute } from '../../lib/route-table.js';
import { closeTag } from '../../session/tags.js';
import { tagsStore } from '../../session/tags-store.js';
import { userApi } from '../flow/flow-api.js';
import { FlowDiagramView, HistoryTable } from '../flow/flow-parts.js';
import { leaveDays } from '../flow/flow-routes.js';
import '../flow/flow-strings.js';

/**
 * The params of the fixed route this screen is shown for (`:taskId`, `:processInstanceId` …),
 * read from the admin shell's route match so that a screen kept in a hidden tab keeps its own.
 */
export function useRouteParams(): Record<string, string> {
  const path = `/${useParams()['*'] ?? ''}`;
  const params = matchRoute(path)?.params ?? {};
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, value ?? '']));
}

/** Closes this screen's tab and opens `to` (a form done with goes back to a list, as Saber's closeTag). */
export function closeAndGo(to: string): void {
  const here = window.location.pathname;
  tagsStore.set((tags) => closeTag(tags, here, here).tags);
  navigateTo(to);
}

interface UserOption {
  value: string;
  label: string;
}

/** The tenant's users whose account or name holds `text` (blade-user/user-list, open to every signed-in user). */
async function findUsers(text: string): Promise<UserOption[]> {
  const lists = text
    ? await Promise.all([userApi.userList({ account: text }), userApi.userList({ realName: text })])
    : [await userApi.userList({})];
  const seen = new Set<string>();
  const options: UserOption[] = [];
  for (const row of lists.flat()) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    options.push({ value: row.id, label: row.realName ? `${row.realName} (${row.account})` : row.account });
  }
  return options;
}

/** The approver: a user found by account or name as the applicant types. */
export function UserSelect({
  value,
  onChange,
  id,
  initial,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  initial?: UserOption;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<UserOption[]>(initial ? [initial] : []);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    setLoading(true);
    // Typing waits for a pause before the server is asked.
    const timer = setTimeout(() => {
      findUsers(text.trim()).then(
        (found) => {
          if (!live) return;
          setOptions(initial && !found.some((option) => option.value === initial.value) ? [initial, ...found] : found);
          setLoading(false);
        },
        () => live && setLoading(false),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, initial]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value}
      onChange={onChange}
      options={options}
      loading={loading}
      placeholder={t('flowScreen.approverSearch')}
      data-testid="approver-select"
    />
  );
}

export interface LeaveValues {
  taskUser: string;
  startTime: Dayjs;
  endTime: Dayjs;
  days?: number;
  reason: string;
}

const FORMAT = 'YYYY-MM-DD HH:mm';

/** The fields as the leave calls take them: times as `yyyy-MM-dd HH:mm:ss`. */
export const leaveBody = (values: LeaveValues) => ({
  taskUser: values.taskUser,
  startTime: values.startTime.format('YYYY-MM-DD HH:mm:ss'),
  endTime: values.endTime.format('YYYY-MM-DD HH:mm:ss'),
  ...(values.days ? { days: values.days } : {}),
  reason: values.reason.trim(),
});

/** A stored request as the form's values (a resubmission starts from it). */
export const leaveValuesOf = (detail: LeaveDetail): LeaveValues => ({
  taskUser: detail.taskUser,
  startTime: dayjs(detail.startTime),
  endTime: dayjs(detail.endTime),
  days: detail.days,
  reason: detail.reason,
});

/**
 * The applicant's fields: approver, start and end, days (estimated from the times until the
 * applicant changes them) and reason.
 */
export function LeaveFields({ approver }: { approver?: UserOption }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<LeaveValues>();
  const estimate = () => {
    const start = form.getFieldValue('startTime') as Dayjs | undefined;
    const end = form.getFieldValue('endTime') as Dayjs | undefined;
    if (start && end) form.setFieldValue('days', leaveDays(start.toDate(), end.toDate()) || undefined);
  };
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item name="taskUser" label={t('flowScreen.approver')} rules={[{ required: true, message: t('flowScreen.approverRequired') }]}>
          <UserSelect initial={approver} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="startTime"
          label={t('flowScreen.leaveStart')}
          rules={[{ required: true, message: t('flowScreen.leaveStartRequired') }]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} onChange={estimate} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="endTime"
          label={t('flowScreen.leaveEnd')}
          dependencies={['startTime']}
          rules={[
            { required: true, message: t('flowScreen.leaveEndRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, end?: Dayjs) => {
                const start = getFieldValue('startTime') as Dayjs | undefined;
                if (start && end && end.isBefore(start)) throw new Error(t('flowScreen.leaveEndBefore'));
              },
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format={FORMAT} style={{ width: '100%' }} onChange={estimate} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="days" label={t('flowScreen.days')} extra={t('flowScreen.daysHelp')}>
          <InputNumber min={0.5} max={365} step={0.5} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item
          name="reason"
          label={t('flowScreen.reason')}
          rules={[{ required: true, whitespace: true, message: t('flowScreen.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Col>
    </Row>
  );
}

const STATUS_KEY: Record<string, string> = {
  running: 'statusRunning',
  approved: 'statusApproved',
  rejected: 'statusRejected',
  withdrawn: 'statusWithdrawn',
  deleted: 'statusDeleted',
};
const STATUS_COLOR: Record<string, string> = {
  running: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  deleted: 'default',
};

/** A request's status in the language shown. */
export function LeaveStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const key = STATUS_KEY[status];
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} data-testid="leave-status" data-status={status}>
      {key ? t(`flowScreen.${key}`) : status}
    </Tag>
  );
}

/** The request as read-only facts: applicant, approver, times, days, reason, status. */
export function LeaveSummary({ detail }: { detail: LeaveDetail }) {
  const { t } = useTranslation();
  const data = (text: string) => <span className="sso-data">{text}</span>;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2 }}
      data-testid="leave-summary"
      items={[
        { key: 'applicant', label: t('flowScreen.applicant'), children: data(detail.applyUserName || detail.flow.assigneeName) },
        { key: 'approver', label: t('flowScreen.approver'), children: data(detail.taskUserName) },
        { key: 'start', label: t('flowScreen.leaveStart'), children: detail.startTime },
        { key: 'end', label: t('flowScreen.leaveEnd'), children: detail.endTime },
        { key: 'days', label: t('flowScreen.days'), children: detail.days },
        { key: 'status', label: t('flowScreen.status'), children: <LeaveStatus status={detail.status} /> },
        { key: 'reason', label: t('flowScreen.reason'), span: 'filled', children: data(detail.reason) },
      ]}
    />
  );
}

/** The history and the diagram of a request's instance, below its form. */
export function LeaveProcess({ processInstanceId, version }: { processInstanceId: string; version?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Card size="small" title={t('flowScreen.flowInfo')} style={{ marginTop: 12 }}>
        <HistoryTable key={version} processInstanceId={processInstanceId} />
      </Card>
      <Card size="small" title={t('flowScreen.flowTrack')} style={{ marginTop: 12 }}>
        <FlowDiagramView key={version} processInstanceId={processInstanceId} />
      </Card>
    </>
  );
}
