import type { MenuTreeNode } from '@sso/shared-api';
import { Modal, Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
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
  const [trees, setTrees] = useState<Trees>();
  const [keys, setKeys] = useState<Keys>({ menu: [], dataScope: [], apiScope: [] });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setTrees(undefined);
    if (!roleId) return;
    let live = true;
    Promise.all([client.system.menu.grantTree(), client.system.menu.roleTreeKeys({ roleIds: roleId })]).then(
      ([offered, held]) => {
        if (!live) return;
        setKeys({ menu: held.menu, dataScope: held.dataScope, apiScope: held.apiScope });
        setTrees({ menu: offered.menu, dataScope: offered.dataScope, apiScope: offered.apiScope });
      },
      onClose, // toasted by the response handler; nothing to show
    );
    return () => {
      live = false;
    };
  }, [roleId, onClose]);

  const save = async () => {
    if (!roleId) return;
    setSaving(true);
    try {
      await client.system.role.grant({ roleIds: [roleId], menuIds: keys.menu, dataScopeIds: keys.dataScope, apiScopeIds: keys.apiScope });
      feedback.message.success(t('roleScreen.granted'));
      onClose();
    } catch {
      // toasted by the response handler; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={t('roleScreen.grantTitle')}
      open={Boolean(roleId)}
      width={520}
      onCancel={onClose}
      onOk={save}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !trees }}
      confirmLoading={saving}
      destroyOnHidden
    >
      {trees ? (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: t(`roleScreen.${kind}`),
            children: (
              <MenuTree
                id={`grant-${kind}`}
                treeData={trees[kind]}
                value={keys[kind]}
                leavesOnly={kind !== 'menu'}
                onChange={(ids) => setKeys((current) => ({ ...current, [kind]: ids }))}
              />
            ),
          }))}
        />
      ) : (
        <Spin style={{ display: 'block', padding: 48 }} />
      )}
    </Modal>
  );
}
