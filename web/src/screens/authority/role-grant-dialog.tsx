import type { MenuTreeNode } from '@sso/shared-api';
import { Form, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { FormModal } from '../../crud/form-modal.js';
import { MenuTree } from './menu-tree.js';
import './strings.js';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: readonly Kind[] = ['menu', 'dataScope', 'apiScope'];
type Trees = Record<Kind, MenuTreeNode[]>;
type Keys = Record<Kind, string[]>;

export interface RoleGrantDialogProps {
  /** The role to configure; the dialog is open while it is set. */
  roleId?: string;
  onClose: () => void;
}

/**
 * 角色权限配置 (BladeX role grant): what the caller may grant (`menu/grant-tree`) as three
 * checkable trees, ticked with what the role holds (`menu/role-tree-keys`), saved with
 * `role/grant`, which replaces all three lists at once.
 */
export function RoleGrantDialog({ roleId, onClose }: RoleGrantDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Keys>();
  const [trees, setTrees] = useState<Trees>();

  useEffect(() => {
    setTrees(undefined);
    if (!roleId) return;
    let live = true;
    Promise.all([client.system.menu.grantTree(), client.system.menu.roleTreeKeys({ roleIds: roleId })]).then(
      ([offered, held]) => {
        if (!live) return;
        form.setFieldsValue({ menu: held.menu, dataScope: held.dataScope, apiScope: held.apiScope });
        setTrees({ menu: offered.menu, dataScope: offered.dataScope, apiScope: offered.apiScope });
      },
      onClose, // toasted by the response handler; nothing to show
    );
    return () => {
      live = false;
    };
  }, [roleId, onClose, form]);

  // The lists of tabs never opened are in the form's store, not among its drawn fields: all are read.
  const save = async () => {
    const keys = form.getFieldsValue(true) as Keys;
    if (!roleId) return;
    await client.system.role.grant({ roleIds: [roleId], menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope });
    feedback.message.success(t('roleScreen.granted'));
  };

  return (
    <FormModal
      open={Boolean(roleId)}
      title={t('roleScreen.grantTitle')}
      name="role-grant"
      form={form}
      width={520}
      okDisabled={!trees}
      onSubmit={save}
      onClose={onClose}
    >
      {trees ? (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: t(`roleScreen.${kind}`),
            children: (
              <Form.Item name={kind} noStyle>
                <MenuTree id={`grant-${kind}`} treeData={trees[kind]} leavesOnly={kind !== 'menu'} />
              </Form.Item>
            ),
          }))}
        />
      ) : (
        <Spin style={{ display: 'block', padding: 48 }} />
      )}
    </FormModal>
  );
}
