import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { paramsProblem, phonesProblem } from './sms-send-rules.js';
import './resource-strings.js';

interface Values {
  phones: string;
  params?: string;
}

/** A rule from one of the checks above, so the message shows under its field. */
const rule = (check: (text: string | undefined, language: string) => string | undefined, language: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = check(value, language);
    if (problem) throw new Error(problem);
  },
});

/**
 * 发送测试: phones and template parameters for the configuration's code, sent through
 * `sms/endpoint/send-message` (the enabled provider, or the log provider when none is enabled).
 */
export function SmsSendDialog({ config, onClose, onSent }: { config?: Row; onClose: () => void; onSent?: () => void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !config) return;
    setSending(true);
    try {
      const code = String(config.smsCode || config.templateId || '');
      const params = values.params?.trim() || undefined;
      await client.resource.sms.sendMessage(undefined, { code, phones: values.phones.trim(), ...(params ? { params } : {}) });
      feedback.message.success(t('resourceScreen.sent'));
      onSent?.();
      onClose();
    } catch {
      // toasted by the response handler (failure, rate limit, unknown template)
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title={t('resourceScreen.sendTitle')}
      open={Boolean(config)}
      onOk={send}
      onCancel={onClose}
      okText={t('resourceScreen.send')}
      cancelText={t('common.cancel')}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Form form={form} name="sms-send" layout="vertical" preserve={false}>
        <Form.Item
          name="phones"
          label={t('resourceScreen.phones')}
          extra={t('resourceScreen.phonesHint')}
          rules={[rule(phonesProblem, i18n.language)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="params"
          label={t('resourceScreen.params')}
          extra={t('resourceScreen.paramsHint')}
          rules={[rule(paramsProblem, i18n.language)]}
        >
          <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
