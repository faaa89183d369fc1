import type { LeaveDetail } from '@sso/shared-api';
import { Alert, Button, Card, Form, Input, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { flowApi } from '../flow/flow-api.js';
import { flowChanged } from '../flow/flow-parts.js';
import {
  closeAndGo,
  LeaveFields,
  LeaveProcess,
  LeaveSummary,
  type LeaveValues,
  leaveBody,
  leaveValuesOf,
  useRouteParams,
} from './leave-parts.js';

type Decision = 'ok' | 'reject';

/**
 * /work/process/leave/handle/:taskId/:processInstanceId/:businessId — a task of a leave request.
 * The approver reads the request and approves (flag ok) or rejects with a comment; the applicant,
 * given a rejected request back, changes it and resubmits (flag ok with the fields as variables)
 * or withdraws it (flag reject). The history and the diagram are below.
 */
export default function LeaveHandleScreen() {
  const { t } = useTranslation();
  const { taskId, processInstanceId, businessId } = useRouteParams();
  const [detail, setDetail] = useState<LeaveDetail | null>();
  const [form] = Form.useForm<LeaveValues & { comment?: string }>();
  const [busy, setBusy] = useState<Decision>();
  useEffect(() => {
    let live = true;
    flowApi.leave.detail({ businessId }).then(
      (answer) => live && setDetail(answer),
      () => live && setDetail(null),
    );
    return () => {
      live = false;
    };
  }, [businessId]);

  // A rejected request waits for its applicant (the only one who holds its task then): change and resubmit, or withdraw.
  const resubmitting = detail?.status === 'rejected';
  useEffect(() => {
    if (detail && resubmitting) form.setFieldsValue(leaveValuesOf(detail));
  }, [detail, resubmitting, form]);

  const decide = async (flag: Decision) => {
    const values = resubmitting && flag === 'ok' ? await form.validateFields() : form.getFieldsValue();
    const comment = (values.comment ?? '').trim();
    // The approver explains a decision, as Saber asks (请先填写批复意见).
    if (!resubmitting && !comment) {
      form.setFields([{ name: 'comment', errors: [t('flowScreen.commentRequired')] }]);
      return void feedback.message.warning(t('flowScreen.commentRequired'));
    }
    setBusy(flag);
    try {
      await flowApi.work.completeTask({
        taskId,
        processInstanceId,
        flag,
        comment,
        ...(resubmitting && flag === 'ok' ? { variables: leaveBody(values) } : {}),
      });
      feedback.message.success(t('flowScreen.done'));
      flowChanged();
      closeAndGo(resubmitting ? '/work/send' : '/work/todo');
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(undefined);
    }
  };
  const withdraw = () =>
    feedback.modal.confirm({
      title: t('flowScreen.withdraw'),
      content: t('flowScreen.withdrawConfirm'),
      okText: t('flowScreen.withdraw'),
      cancelText: t('flowScreen.close'),
      onOk: () => decide('reject'),
    });

  if (detail === undefined) return <Skeleton active />;
  if (detail === null) return <Alert type="warning" showIcon title={t('flowScreen.notFound')} />;
  return (
    <div data-screen="leave-handle">
      <Card size="small" title={t('flowScreen.approvalInfo')}>
        <Form form={form} layout="vertical" name="leave-handle">
          {resubmitting ? (
            <>
              <Alert type="warning" showIcon title={t('flowScreen.rejectedHint')} style={{ marginBottom: 12 }} />
              <LeaveFields approver={{ value: detail.taskUser, label: detail.taskUserName }} />
            </>
          ) : (
            <div style={{ marginBottom: 12 }}>
              <LeaveSummary detail={detail} />
            </div>
          )}
          <Form.Item name="comment" label={t('flowScreen.comment')}>
            <Input.TextArea rows={3} maxLength={2000} data-testid="handle-comment" />
          </Form.Item>
          <Space wrap>
            {resubmitting ? (
              <>
                <Button
                  type="primary"
                  loading={busy === 'ok'}
                  onClick={() => void decide('ok').catch(() => undefined)}
                  data-testid="resubmit"
                >
                  {t('flowScreen.resubmit')}
                </Button>
                <Button danger loading={busy === 'reject'} onClick={withdraw} data-testid="withdraw">
                  {t('flowScreen.withdraw')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  type="primary"
                  loading={busy === 'ok'}
                  onClick={() => void decide('ok').catch(() => undefined)}
                  data-testid="approve"
                >
                  {t('flowScreen.agree')}
                </Button>
                <Button
                  danger
                  loading={busy === 'reject'}
                  onClick={() => void decide('reject').catch(() => undefined)}
                  data-testid="reject"
                >
                  {t('flowScreen.reject')}
                </Button>
              </>
            )}
            <Button onClick={() => closeAndGo('/work/todo')}>{t('flowScreen.close')}</Button>
          </Space>
        </Form>
      </Card>
      <LeaveProcess processInstanceId={processInstanceId} />
    </div>
  );
}
