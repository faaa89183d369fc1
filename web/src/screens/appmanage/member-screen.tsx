import { UsergroupAddOutlined } from '@ant-design/icons';
import { registry } from '@sso/shared-api';
import { Button, Form, Modal, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import CrudPage from '../../crud/crud-page.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { type Choice, loadApps, loadUsers } from './app-options.js';
import './strings.js';

const def = registry.appmanage.appMember;

/** 批量添加: several users onto one application at once (users already members keep their row). */
function MultiAddDialog({ open, onClose }: { open: boolean; onClose: (added: boolean) => void }) {
  const { t } = useTranslation();
  const [apps, setApps] = useState<Choice[]>([]);
  const [users, setUsers] = useState<Choice[]>([]);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ appManageId?: string; ids?: string[]; whetherCreator?: boolean }>();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    loadApps().then(setApps, () => undefined);
    loadUsers().then(setUsers, () => undefined);
  }, [open, form]);
  const submit = async () => {
    const values = form.getFieldsValue();
    if (!values.appManageId || !values.ids?.length) {
      feedback.message.warning(t('appManageScreen.pickAppAndUsers'));
      return;
    }
    setBusy(true);
    try {
      const answer = await client.appmanage.appMember.multiSubmit({
        appManageId: values.appManageId,
        ids: values.ids.join(','),
        whetherCreator: values.whetherCreator ? 1 : 0,
      } as never);
      feedback.message.success(t('appManageScreen.added', answer));
      onClose(true);
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('appManageScreen.multiAddTitle')}
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="member-multi">
        <Form.Item name="appManageId" label={t('appManageScreen.application')} required>
          <Select options={apps} showSearch optionFilterProp="label" data-testid="multi-app" />
        </Form.Item>
        <Form.Item name="ids" label={t('appManageScreen.members')} required>
          <Select mode="multiple" options={users} showSearch optionFilterProp="label" data-testid="multi-users" />
        </Form.Item>
        <Form.Item name="whetherCreator" label={t('appManageScreen.creator')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /appmanage/appmembermanage (成员管理): the generic member table and the bulk add (`appmembermanage_multi`). */
export default function MemberScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canAdd = useHasButton('appmembermanage_multi');
  const [open, setOpen] = useState(false);
  return (
    <CrudPage
      def={def}
      title={menu?.name}
      toolbar={(ctx) =>
        canAdd ? (
          <>
            <Button icon={<UsergroupAddOutlined />} onClick={() => setOpen(true)} data-testid="member-multi-add">
              {t('appManageScreen.multiAdd')}
            </Button>
            <MultiAddDialog
              open={open}
              onClose={(added) => {
                setOpen(false);
                if (added) void ctx.reload();
              }}
            />
          </>
        ) : null
      }
    />
  );
}
