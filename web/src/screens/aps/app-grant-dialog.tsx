import { registry, type TreeNode } from '@sso/shared-api';
import { Empty, Flex, Modal, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import { type Key, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { crudApi, type Row } from '../../crud/crud-api.js';
import { useUserTrees } from '../user/use-trees.js';
import './strings.js';

const grants = crudApi(client, registry.aps.appUser);
const users = crudApi(client, registry.user.user);

export type GrantKind = 'deptId' | 'roleId' | 'userId';
const KINDS: GrantKind[] = ['deptId', 'roleId', 'userId'];
const NAME_OF: Record<GrantKind, string> = { deptId: 'deptName', roleId: 'roleName', userId: 'userName' };

/** The kind of one grant row: the single target it names. */
export const kindOf = (row: Row): GrantKind | undefined =>
  KINDS.find((kind) => row[kind] !== undefined && row[kind] !== null && row[kind] !== '');

interface TreeData {
  key: string;
  title: string;
  children?: TreeData[];
}

/** The largest page the API answers: the grants of an application are read page by page until all are in. */
const PAGE = 200;

async function allGrants(appId: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await grants.list({ appId, current: page, size: PAGE });
    rows.push(...answer.rows);
    if (answer.rows.length < PAGE || rows.length >= answer.total) return rows;
  }
}

const asTreeData = (nodes: TreeNode[]): TreeData[] =>
  nodes.map((node) => ({ key: node.id, title: node.title, children: node.children?.length ? asTreeData(node.children) : undefined }));

/**
 * Who may open one application: its current grants by kind (departments, which cover their
 * sub-departments, roles and users), each revocable, and trees to grant more — departments,
 * roles, and the users of the department picked. Used by the grant dialog of an application row
 * and by the /aps/appuser screen.
 */
export function useAppGrants(appId: string | undefined) {
  const { t } = useTranslation();
  const trees = useUserTrees();
  const [current, setCurrent] = useState<Row[]>();
  const [picked, setPicked] = useState<Record<GrantKind, string[]>>({ deptId: [], roleId: [], userId: [] });
  const [userDept, setUserDept] = useState<string>();
  const [deptUsers, setDeptUsers] = useState<Row[]>();
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    if (!appId) return;
    try {
      setCurrent(await allGrants(appId));
    } catch {
      setCurrent([]); // toasted by the response handler
    }
  }, [appId]);

  useEffect(() => {
    setCurrent(undefined);
    setPicked({ deptId: [], roleId: [], userId: [] });
    setUserDept(undefined);
    setDeptUsers(undefined);
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!userDept) return;
    let live = true;
    setDeptUsers(undefined);
    users.list({ deptId: userDept, current: 1, size: 200 }).then(
      (answer) => live && setDeptUsers(answer.rows),
      () => live && setDeptUsers([]),
    );
    return () => {
      live = false;
    };
  }, [userDept]);

  const granted = (kind: GrantKind) => new Set((current ?? []).filter((row) => kindOf(row) === kind).map((row) => String(row[kind])));

  const grantPicked = async () => {
    if (!appId) return;
    const wanted = KINDS.flatMap((kind) => picked[kind].filter((id) => !granted(kind).has(id)).map((id) => ({ appId, [kind]: id })));
    if (!wanted.length) {
      feedback.message.warning(t('apsScreen.pickSomething'));
      return;
    }
    setBusy(true);
    try {
      for (const grant of wanted) await grants.submit(grant);
      feedback.message.success(t('apsScreen.granted'));
      setPicked({ deptId: [], roleId: [], userId: [] });
    } catch {
      // toasted by the response handler; what was granted before the failure shows below
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const revoke = async (row: Row) => {
    try {
      await grants.remove([String(row.id)]);
      feedback.message.success(t('apsScreen.revoked'));
    } catch {
      // toasted by the response handler
    }
    await reload();
  };

  const pick = (kind: GrantKind) => (keys: Key[] | { checked: Key[] }) =>
    setPicked((old) => ({ ...old, [kind]: (Array.isArray(keys) ? keys : keys.checked).map(String) }));

  return { trees, current, picked, pick, setPicked, userDept, setUserDept, deptUsers, busy, grantPicked, revoke };
}

type AppGrants = ReturnType<typeof useAppGrants>;

/** The current grants (revocable) and the trees to pick more from; granting is the caller's button. */
export function AppGrantEditor({ grants: state }: { grants: AppGrants }) {
  const { t } = useTranslation();
  const { trees, current, picked, pick, setPicked, userDept, setUserDept, deptUsers, revoke } = state;
  const kindLabel: Record<GrantKind, string> = {
    deptId: t('apsScreen.depts'),
    roleId: t('apsScreen.roles'),
    userId: t('apsScreen.users'),
  };

  return (
    <>
      <Typography.Title level={5}>{t('apsScreen.currentGrants')}</Typography.Title>
      {current === undefined ? (
        <Spin />
      ) : (
        <Flex vertical gap={8} data-testid="current-grants" style={{ marginBottom: 16 }}>
          {KINDS.map((kind) => {
            const rows = current.filter((row) => kindOf(row) === kind);
            return (
              <Flex key={kind} gap={6} wrap align="center" data-kind={kind}>
                <Typography.Text strong style={{ minWidth: 96 }}>
                  {kindLabel[kind]}
                </Typography.Text>
                {rows.length === 0 && <Typography.Text type="secondary">{t('apsScreen.none')}</Typography.Text>}
                {rows.map((row) => (
                  <Tag
                    key={String(row.id)}
                    closable
                    onClose={(e) => {
                      e.preventDefault(); // the tag goes when the list reloads without it
                      void revoke(row);
                    }}
                    closeIcon={<span title={t('apsScreen.revoke')}>×</span>}
                  >
                    {String(row[NAME_OF[kind]] ?? row[kind])}
                  </Tag>
                ))}
              </Flex>
            );
          })}
        </Flex>
      )}
      <Tabs
        items={[
          {
            key: 'deptId',
            label: kindLabel.deptId,
            children: (
              <Tree
                checkable
                checkStrictly
                defaultExpandAll
                treeData={asTreeData(trees.depts)}
                checkedKeys={picked.deptId}
                onCheck={pick('deptId')}
                style={{ maxHeight: 280, overflow: 'auto' }}
              />
            ),
          },
          {
            key: 'roleId',
            label: kindLabel.roleId,
            children: (
              <Tree
                checkable
                checkStrictly
                defaultExpandAll
                treeData={asTreeData(trees.roles)}
                checkedKeys={picked.roleId}
                onCheck={pick('roleId')}
                style={{ maxHeight: 280, overflow: 'auto' }}
              />
            ),
          },
          {
            key: 'userId',
            label: kindLabel.userId,
            children: (
              <Flex gap={12} wrap>
                <div style={{ flex: '1 1 220px', maxHeight: 280, overflow: 'auto' }} data-testid="user-depts">
                  <Tree
                    defaultExpandAll
                    treeData={asTreeData(trees.depts)}
                    selectedKeys={userDept ? [userDept] : []}
                    onSelect={(keys) => setUserDept(keys[0] === undefined ? undefined : String(keys[0]))}
                  />
                </div>
                <div style={{ flex: '1 1 260px', maxHeight: 280, overflow: 'auto' }} data-testid="dept-users">
                  {!userDept ? (
                    <Empty description={t('apsScreen.pickDept')} />
                  ) : deptUsers === undefined ? (
                    <Spin />
                  ) : (
                    <Tree
                      checkable
                      treeData={deptUsers.map((user) => ({
                        key: String(user.id),
                        title: `${String(user.realName ?? '')} (${String(user.account ?? '')})`,
                      }))}
                      checkedKeys={picked.userId}
                      onCheck={(keys) => {
                        // Users ticked in other departments stay ticked.
                        const shown = new Set(deptUsers.map((user) => String(user.id)));
                        const checked = (Array.isArray(keys) ? keys : keys.checked).map(String);
                        setPicked((old) => ({ ...old, userId: [...old.userId.filter((id) => !shown.has(id)), ...checked] }));
                      }}
                    />
                  )}
                </div>
              </Flex>
            ),
          },
        ]}
      />
    </>
  );
}

/** The grant dialog of an application row. */
export function AppGrantDialog({ app, onClose }: { app?: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useAppGrants(app ? String(app.id) : undefined);
  return (
    <Modal
      title={`${t('apsScreen.grantTitle')}${app ? ` · ${String(app.appName)}` : ''}`}
      open={Boolean(app)}
      width={760}
      onCancel={onClose}
      okText={t('apsScreen.grant')}
      okButtonProps={{ loading: state.busy, disabled: !state.trees.ready }}
      onOk={() => void state.grantPicked()}
      destroyOnHidden
    >
      <AppGrantEditor grants={state} />
    </Modal>
  );
}
