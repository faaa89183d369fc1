import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { FormModal } from '../../crud/form-modal.js';
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
  const send = async (values: Values) => {
    if (!config) return;
    const code = String(config.smsCode || config.templateId || '');
    const params = values.params?.trim() || undefined;
    await client.resource.sms.sendMessage(undefined, { code, phones: values.phones.trim(), ...(params ? { params } : {}) });
    feedback.message.success(t('resourceScreen.sent'));
    onSent?.();
  };

  return (
    <FormModal
      open={Boolean(config)}
      title={t('resourceScreen.sendTitle')}
      name="sms-send"
      form={form}
      okText={t('resourceScreen.send')}
      onSubmit={send}
      onClose={onClose}
    >
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
    </FormModal>
  );
}
