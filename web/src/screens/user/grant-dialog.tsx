import type { TreeNode } from '@sso/shared-api';
import { Form, Tree } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { FormModal } from '../../crud/form-modal.js';

export interface GrantDialogProps {
  /** The users whose roles are set; the dialog is open while there are some. */
  userIds: string[];
  roles: readonly TreeNode[];
  /** The roles ticked at first: those of the user when only one is selected (BladeX). */
  initial: string[];
  onClose: () => void;
  onGranted: () => Promise<void>;
}

/** The role ids as a checkable tree, parents and children ticked independently. */
function RoleTreeInput({ roles, value, onChange }: { roles: readonly TreeNode[]; value?: string[]; onChange?: (ids: string[]) => void }) {
  return (
    <Tree
      checkable
      checkStrictly
      defaultExpandAll
      selectable={false}
      treeData={toTreeData(roles)}
      checkedKeys={value ?? []}
      onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(String))}
    />
  );
}

/** 角色配置: a checkable role tree; replaces the roles of the selected users (POST blade-user/grant?userIds=&roleIds=). */
export function GrantDialog({ userIds, roles, initial, onClose, onGranted }: GrantDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ roleIds: string[] }>();
  const open = userIds.length > 0;

  useEffect(() => {
    if (open) form.setFieldsValue({ roleIds: initial });
  }, [open, initial, form]);

  const grant = async ({ roleIds }: { roleIds: string[] }) => {
    await client.user.user.grant(undefined, { userIds: userIds.join(','), roleIds: roleIds.join(',') });
    feedback.message.success(t('common.success'));
    onClose();
    await onGranted();
  };

  return (
    <FormModal open={open} title={t('userScreen.grantTitle')} name="user-grant" form={form} width={400} onSubmit={grant} onClose={onClose}>
      <Form.Item name="roleIds" rules={[{ required: true, type: 'array', min: 1, message: t('userScreen.chooseRoles') }]}>
        <RoleTreeInput roles={roles} />
      </Form.Item>
    </FormModal>
  );
}

type RoleTreeNode = { key: string; title: string; children?: RoleTreeNode[] };

const toTreeData = (nodes: readonly TreeNode[]): RoleTreeNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.title, ...(node.children?.length ? { children: toTreeData(node.children) } : {}) }));
