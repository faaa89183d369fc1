import { Button, Card, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { flowApi } from '../flow/flow-api.js';
import { flowChanged } from '../flow/flow-parts.js';
import { closeAndGo, LeaveFields, type LeaveValues, leaveBody, useRouteParams } from './leave-parts.js';

/**
 * /work/process/leave/form/:processDefinitionId — the leave application (Saber's leave form):
 * approver, start and end, days and reason; submitting starts an instance of the definition and
 * goes to 已发事务.
 */
export default function LeaveFormScreen() {
  const { t } = useTranslation();
  const { processDefinitionId } = useRouteParams();
  const [form] = Form.useForm<LeaveValues>();
  const [busy, setBusy] = useState(false);
  const submit = async (values: LeaveValues) => {
    setBusy(true);
    try {
      await flowApi.leave.startProcess({ processDefinitionId, ...leaveBody(values) });
      feedback.message.success(t('flowScreen.applied'));
      flowChanged();
      closeAndGo('/work/send');
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('flowScreen.leaveInfo')} data-screen="leave-form" style={{ maxWidth: 900 }}>
      <Form form={form} layout="vertical" name="leave-form" onFinish={(values) => void submit(values)}>
        <LeaveFields />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="submit-leave">
            {t('flowScreen.submit')}
          </Button>
          <Button onClick={() => closeAndGo('/work/start')}>{t('flowScreen.close')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
