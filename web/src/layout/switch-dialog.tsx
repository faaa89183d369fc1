import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { errorMessage } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import { loadUser } from '../sign-on/load-user.js';

interface Option {
  value: string;
  label: string;
}

/**
 * Switch department and role (shown when switch mode is on): the user's depts and roles from dept/select and
 * role/select, both required, then a refresh grant with Dept-Id/Role-Id gives a token for the
 * choice; menus and permissions follow.
 */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [depts, setDepts] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    const session = client.session?.token;
    const userId = session?.user_id;
    form.setFieldsValue({ deptId: session?.dept_id?.split(',')[0], roleId: session?.role_id?.split(',')[0] });
    client.system.dept.select({ userId }).then(
      (rows) => setDepts(rows.map((d) => ({ value: String(d.id), label: String(d.deptName) }))),
      () => setDepts([]),
    );
    client.system.role.select({ userId }).then(
      (rows) => setRoles(rows.map((r) => ({ value: String(r.id), label: String(r.roleName) }))),
      () => setRoles([]),
    );
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      await client.refresh({ deptId: values.deptId, roleId: values.roleId });
      await loadUser();
      feedback.message.success(t('common.success'));
      onClose();
    } catch (error) {
      feedback.message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('navbar.switch')}
      open={open}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      destroyOnHidden
      width={420}
    >
      <Form form={form} name="switch" layout="vertical">
        <Form.Item name="deptId" label={t('switch.dept')} rules={[{ required: true, message: t('switch.deptRequired') }]}>
          <Select options={depts} placeholder={t('switch.deptRequired')} />
        </Form.Item>
        <Form.Item name="roleId" label={t('switch.role')} rules={[{ required: true, message: t('switch.roleRequired') }]}>
          <Select options={roles} placeholder={t('switch.roleRequired')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
