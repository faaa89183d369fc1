import type { TreeNode } from '@sso/shared-api';
import { Alert, Modal, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';

export interface GrantDialogProps {
  /** The users whose roles are set; the dialog is open while there are some. */
  userIds: string[];
  roles: readonly TreeNode[];
  /** The roles ticked at first: those of the user when only one is selected (BladeX). */
  initial: string[];
  onClose: () => void;
  onGranted: () => Promise<void>;
}

/** 角色配置: a checkable role tree (parents and children independent); replaces the roles of the selected users (POST blade-user/grant?userIds=&roleIds=). */
export function GrantDialog({ userIds, roles, initial, onClose, onGranted }: GrantDialogProps) {
  const { t } = useTranslation();
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [error, setError] = useState(false);
  const [saving, setSaving] = useState(false);
  const open = userIds.length > 0;

  useEffect(() => {
    if (!open) return;
    setRoleIds(initial);
    setError(false);
  }, [open, initial]);

  const submit = async () => {
    if (!roleIds.length) {
      setError(true);
      return;
    }
    setSaving(true);
    try {
      await client.user.user.grant(undefined, { userIds: userIds.join(','), roleIds: roleIds.join(',') });
      feedback.message.success(t('common.success'));
      onClose();
      await onGranted();
    } catch {
      // toasted by the response handler; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('userScreen.grantTitle')}
      open={open}
      width={400}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {error && <Alert type="error" showIcon message={t('userScreen.chooseRoles')} style={{ marginBottom: 8 }} />}
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        treeData={toTreeData(roles)}
        checkedKeys={roleIds}
        onCheck={(checked) => {
          const ids = (Array.isArray(checked) ? checked : checked.checked).map(String);
          setRoleIds(ids);
          setError(ids.length === 0);
        }}
      />
    </Modal>
  );
}

type RoleTreeNode = { key: string; title: string; children?: RoleTreeNode[] };

const toTreeData = (nodes: readonly TreeNode[]): RoleTreeNode[] =>
  nodes.map((node) => ({ key: node.id, title: node.title, ...(node.children?.length ? { children: toTreeData(node.children) } : {}) }));
