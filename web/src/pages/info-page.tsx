import { registry } from '@sso/shared-api';
import { Button, Card, Col, Descriptions, Form, Input, Row } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { feedback } from '../api/feedback.js';
import { addScreenStrings } from '../i18n/index.js';
import { issueOnScreen } from '../i18n/messages.js';
import { userStore } from '../session/user-store.js';
import { AvatarUpload } from './avatar-upload.js';
import { PasswordForm } from './password-form.js';

const SocialBindingsCard = lazy(() => import('./social-bindings-card.js'));
const SecondFactorCard = lazy(() => import('./second-factor-card.js'));
const PasskeysCard = lazy(() => import('./passkeys-card.js'));

addScreenStrings('infoPage', {
  'zh-CN': { avatar: '头像', saved: '个人信息已保存', completeFirst: '头像已上传，请完善个人信息后提交' },
  en: { avatar: 'Avatar', saved: 'Profile saved', completeFirst: 'The avatar is uploaded: complete your profile, then submit' },
});

type Profile = Awaited<ReturnType<typeof client.user.user.info>>;
interface Values {
  avatar?: string | null;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string | null;
}
const FIELDS = ['realName', 'name', 'phone', 'email'] as const;

/** update-info's own check of one field, with the messages the server answers. */
interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}
const bodyShape = (registry.user.user.extras.updateInfo.body as unknown as { shape: Record<string, Parser> }).shape;
const fieldRule = (prop: string, language: string) => ({
  validator: async (_: unknown, value: unknown) => {
    const result = bodyShape[prop]?.safeParse(value === '' || value === null ? undefined : value);
    const issue = result && !result.success ? result.error?.issues[0] : undefined;
    if (issue) throw new Error(issueOnScreen(issue, language));
  },
});

/**
 * /info/index, personal info: avatar, names, phone and email saved with update-info
 * (the avatar as soon as it is uploaded, when the rest of the form is valid), shown in the top
 * bar at once; department and post read-only; the password change beside it.
 */
export default function InfoPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [profile, setProfile] = useState<Profile>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    client.user.user.info().then(
      (loaded) => {
        setProfile(loaded);
        form.setFieldsValue({ avatar: loaded.avatar, ...Object.fromEntries(FIELDS.map((f) => [f, loaded[f] ?? ''])) });
      },
      () => undefined,
    );
  }, [form]);

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const body = {
        avatar: values.avatar ?? '',
        realName: values.realName?.trim() || undefined,
        name: values.name?.trim() || undefined,
        phone: values.phone?.trim() ?? '',
        email: values.email?.trim() || null,
      };
      await client.user.user.updateInfo(body);
      userStore.set((s) =>
        s.userInfo ? { ...s, userInfo: { ...s.userInfo, avatar: body.avatar, realName: body.realName ?? s.userInfo.realName } } : s,
      );
      feedback.message.success(t('infoPage.saved'));
    } catch {
      // toasted by the response handler
    } finally {
      setSaving(false);
    }
  };

  /** A new avatar is saved at once when the rest of the form passes; otherwise on submit. */
  const avatarUploaded = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (values) await save(values);
    else feedback.message.warning(t('infoPage.completeFirst'));
  };

  return (
    <Row gutter={12}>
      <Col xs={24} lg={12}>
        <Card title={t('route.info')}>
          <Form<Values> form={form} name="profile" layout="vertical" onFinish={save} style={{ maxWidth: 520 }}>
            <Form.Item name="avatar" label={t('infoPage.avatar')}>
              <AvatarUpload
                onChange={(link) => {
                  form.setFieldValue('avatar', link);
                  void avatarUploaded();
                }}
              />
            </Form.Item>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('info.account')}>{profile?.account}</Descriptions.Item>
              <Descriptions.Item label={t('info.deptName')}>{profile?.deptName}</Descriptions.Item>
              <Descriptions.Item label={t('info.postName')}>{profile?.postName}</Descriptions.Item>
            </Descriptions>
            {FIELDS.map((field) => (
              <Form.Item
                key={field}
                name={field}
                label={t(`info.${field}`)}
                required={field === 'phone'}
                rules={[fieldRule(field, i18n.language)]}
                validateTrigger="onBlur"
              >
                <Input />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('common.submit')}
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('info.password')}>
          <PasswordForm onDone={() => feedback.message.success(t('common.success'))} />
        </Card>
        <Suspense fallback={null}>
          <SecondFactorCard />
        </Suspense>
        <Suspense fallback={null}>
          <PasskeysCard />
        </Suspense>
        <Suspense fallback={null}>
          <SocialBindingsCard />
        </Suspense>
      </Col>
    </Row>
  );
}
