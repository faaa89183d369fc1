import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { client, loadResources } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { FormModal } from '../../crud/form-modal.js';
import { logout } from '../../sign-on/logout.js';

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/** Tenant, account, both passwords, equal passwords, in that order; the first that fails is the warning shown (i18n keys). */
export function registerProblem(form: Partial<RegisterForm>): string | undefined {
  if (!form.tenantId?.trim()) return 'register.tenantFirst';
  if (!form.account?.trim()) return 'register.accountFirst';
  if (!form.password || !form.password2) return 'register.passwordFirst';
  if (form.password !== form.password2) return 'register.mismatch';
  return undefined;
}

/**
 * Third-party registration, titled 账号注册: a pending account an administrator
 * approves (POST blade-user/register-guest). Success: an alert, then logout and /login.
 */
export default function RegisterDialog({
  open,
  onClose,
  hostTenant,
  oauthId: givenOauthId,
  oauthTicket,
}: {
  open: boolean;
  onClose: () => void;
  hostTenant?: string;
  /** The third-party identity (blade_user_oauth id) a social sign-in found unbound: the account is bound to it. */
  oauthId?: string;
  /** The ticket the unbound sign-in answered with the identity: proves this browser signed in with it. */
  oauthTicket?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const submit = async (typed: RegisterForm) => {
    const values = { ...typed, ...(hostTenant ? { tenantId: hostTenant } : {}) };
    const problem = registerProblem(values);
    if (problem) {
      // The checks answer in a toast, in order; the dialog stays open as typed.
      feedback.message.warning(t(problem));
      throw new Error(problem);
    }
    const oauthId = givenOauthId ?? client.session?.token.oauth_id;
    await loadResources(); // the user namespace: not part of the sign-in page's own code
    await client.user.user.registerGuest({
      ...values,
      tenantId: values.tenantId.trim(),
      account: values.account.trim(),
      ...(oauthId ? { oauthId } : {}),
      ...(oauthTicket ? { oauthTicket } : {}),
    });
    onClose();
    feedback.modal.success({
      title: t('common.tip'),
      content: t('register.submitted'),
      okText: t('common.confirm'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });
  };

  return (
    <FormModal
      open={open}
      title={t('register.title')}
      name="register"
      form={form}
      width={440}
      okText={t('register.submit')}
      onSubmit={submit}
      onClose={onClose}
    >
      {!hostTenant && (
        <Form.Item name="tenantId" label={t('login.tenantId')}>
          <Input />
        </Form.Item>
      )}
      <Form.Item name="name" label={t('register.name')}>
        <Input />
      </Form.Item>
      <Form.Item name="account" label={t('login.username')}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="password2" label={t('register.password2')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
