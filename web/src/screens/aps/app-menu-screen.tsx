import { Button, Card, Empty, Flex, Spin, Tree } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { type CrudApi, crudApi, type Row } from '../../crud/crud-api.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import { AppPicker } from './app-picker.js';
import { appMenuTree, asCheckTree, type CheckNode, defs, pickedView } from './authz-api.js';

/** The table below the picker: the application is already chosen there. */
const menuView = pickedView(defs.appMenu, ['appId']);

import './authz-strings.js';

/**
 * /aps/appmenu (应用菜单): pick an application, see its menus and buttons as a tree (a click
 * narrows the table to that menu's children) and add a child under any menu. The table below is
 * the generic page limited to the application.
 */
export default function AppMenuScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [appId, setAppId] = useState<string>();
  const [parentId, setParentId] = useState<string>();
  const [tree, setTree] = useState<CheckNode[]>();
  const [loads, setLoads] = useState(0);
  const page = useRef<CrudContext>(undefined);

  const loadTree = useCallback(async () => {
    if (!appId) return setTree(undefined);
    try {
      setTree(asCheckTree(await appMenuTree(appId)));
      setLoads((n) => n + 1);
    } catch {
      setTree([]); // toasted by the response handler
    }
  }, [appId]);

  useEffect(() => {
    setParentId(undefined);
    setTree(undefined);
    void loadTree();
  }, [loadTree]);

  // The tree follows the table: every save or removal there reloads it.
  const api = useMemo<CrudApi>(() => {
    const generic = crudApi(client, defs.appMenu);
    return {
      ...generic,
      submit: (row) => generic.submit(row).finally(() => void loadTree()),
      remove: (keys) => generic.remove(keys).finally(() => void loadTree()),
    };
  }, [loadTree]);

  const addChild = (row: Row) => page.current?.add({ appId, parentId: String(row.id) });

  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('authzScreen.menuTree')}>
        <Flex vertical gap={8}>
          <AppPicker value={appId} onChange={setAppId} />
          {!appId ? (
            <Empty description={t('authzScreen.pickAppFirst')} />
          ) : !tree ? (
            <Spin />
          ) : tree.length === 0 ? (
            <Empty description={t('authzScreen.noMenus')} />
          ) : (
            <Tree
              // Opened in full on each load: defaultExpandAll applies to the nodes a tree mounts with.
              key={loads}
              data-testid="app-menu-tree"
              treeData={tree}
              defaultExpandAll
              selectedKeys={parentId ? [parentId] : []}
              onSelect={(keys) => setParentId(keys.length ? String(keys[0]) : undefined)}
              style={{ overflowWrap: 'anywhere' }}
            />
          )}
        </Flex>
      </Card>
      {appId ? (
        <CrudPage
          key={appId}
          def={menuView}
          title={menu?.name}
          filters={{ appId, parentId }}
          addValues={{ appId, parentId: parentId ?? '0' }}
          lockedFields={['appId']}
          api={api}
          toolbar={(ctx) => {
            page.current = ctx;
            return null;
          }}
          rowActions={(row) => (
            <Button type="link" size="small" onClick={() => addChild(row)}>
              {t('authzScreen.addChild')}
            </Button>
          )}
        />
      ) : null}
    </Flex>
  );
}
