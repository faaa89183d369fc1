import { Alert, Empty, Modal, Spin, Tabs, Tree } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { appMenuTree, asCheckTree, type CheckNode, callExtra, defs, functionTree, listAllRows } from './authz-api.js';
import './authz-strings.js';

interface Loaded {
  menus: CheckNode[];
  functions: CheckNode[];
  checkedMenus: string[];
  /** Granted menus with children, half-checked until the tree is changed. */
  parentMenus: string[];
  checkedFunctions: string[];
}

const onlyFunctions = (keys: readonly Key[]) => keys.map(String).filter((key) => !key.startsWith('menu:'));

/** Keys of the nodes without children: a checked parent would tick all its children in the tree. */
function leavesOf(nodes: readonly CheckNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children?.length) leavesOf(node.children, into);
    else into.add(node.key);
  }
  return into;
}

/** The application's menu tree and function codes, with what the role holds of them now. */
async function load(role: Row): Promise<Loaded> {
  const appId = String(role.appId);
  const appRoleId = String(role.id);
  const [menus, functions, checkedMenus, checkedFunctions] = await Promise.all([
    appMenuTree(appId),
    listAllRows(defs.appMenuFunction, { appId }),
    callExtra<string[]>(defs.appRoleMenu, 'getRoleMenuList', { appRoleId }),
    callExtra<string[]>(defs.appRoleFunction, 'getRoleFuncList', { appRoleId }),
  ]);
  const menuTree = asCheckTree(menus);
  // A granted parent shows through its children (checked or half-checked), and is granted again on save.
  const leaves = leavesOf(menuTree);
  return {
    menus: menuTree,
    functions: functionTree(functions),
    checkedMenus: checkedMenus.filter((id) => leaves.has(id)),
    parentMenus: checkedMenus.filter((id) => !leaves.has(id)),
    checkedFunctions,
  };
}

export interface RoleGrantDialogProps {
  /** The application role whose menus and functions are set; closed when undefined. */
  role?: Row;
  onClose: () => void;
}

/**
 * 权限设置 of an application role: its application's menus and buttons and its function codes as
 * checkable trees, ticked as the role holds them; saving replaces both. A change that would let
 * someone hold two roles a separation-of-duties rule keeps apart is refused with the server's message.
 */
export function RoleGrantDialog({ role, onClose }: RoleGrantDialogProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<Loaded>();
  const [menus, setMenus] = useState<string[]>([]);
  // The parents of checked menus that are not all checked: granted too, or the children could not be reached.
  const [halfMenus, setHalfMenus] = useState<string[]>([]);
  const [functions, setFunctions] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setData(undefined);
    setError(undefined);
    if (!role) return;
    let live = true;
    load(role).then(
      (loaded) => {
        if (!live) return;
        setData(loaded);
        setMenus(loaded.checkedMenus);
        setHalfMenus(loaded.parentMenus);
        setFunctions(loaded.checkedFunctions);
      },
      () => live && onClose(), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [role, onClose]);

  const save = async () => {
    if (!role) return;
    setBusy(true);
    setError(undefined);
    try {
      const appRoleId = String(role.id);
      await callExtra(defs.appRoleMenu, 'grant', { appRoleId, menuIds: [...new Set([...menus, ...halfMenus])].join(',') });
      await callExtra(defs.appRoleFunction, 'grant', { appRoleId, functionIds: functions.join(',') });
      feedback.message.success(t('authzScreen.saved'));
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const tree = (nodes: CheckNode[], checked: string[], set: (keys: string[], half: string[]) => void, testId: string) =>
    nodes.length === 0 ? (
      <Empty />
    ) : (
      <Tree
        checkable
        defaultExpandAll
        data-testid={testId}
        treeData={nodes}
        checkedKeys={checked}
        onCheck={(keys, info) => set(onlyFunctions(Array.isArray(keys) ? keys : keys.checked), (info.halfCheckedKeys ?? []).map(String))}
        style={{ maxHeight: '50vh', overflow: 'auto', overflowWrap: 'anywhere' }}
      />
    );

  return (
    <Modal
      open={Boolean(role)}
      title={t('authzScreen.grantTitle', { role: String(role?.roleName ?? '') })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('authzScreen.save')}
      okButtonProps={{ disabled: !data, loading: busy }}
      destroyOnHidden
      width="min(640px, 96vw)"
    >
      {error ? <Alert type="error" showIcon title={t('authzScreen.refused')} description={error} style={{ marginBottom: 12 }} /> : null}
      {!data ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            {
              key: 'menus',
              label: t('authzScreen.menus'),
              children: tree(
                data.menus,
                menus,
                (keys, half) => {
                  setMenus(keys);
                  setHalfMenus(half);
                },
                'role-menu-tree',
              ),
            },
            {
              key: 'functions',
              label: t('authzScreen.functions'),
              children: tree(data.functions, functions, setFunctions, 'role-function-tree'),
            },
          ]}
        />
      )}
    </Modal>
  );
}
