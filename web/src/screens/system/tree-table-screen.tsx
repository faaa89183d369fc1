import { menu as menuDef } from '@sso/shared-api';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { CrudApi } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { lazyListApi } from '../../crud/lazy-tree.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import './strings.js';

export interface TreeTableScreenProps extends ScreenProps {
  /** Tests inject an API on a fake transport; the app uses the resource's lazy-list extra. */
  api?: CrudApi;
}

/**
 * 菜单管理 (/system/menu) and 机构管理 (/system/dept), after BladeX Saber: the generic page as a
 * tree table whose rows load their children when opened, and a 新增子项 link (the `_child`
 * button) opening the add dialog under that row. The dialog's parent field is a tree select of
 * the resource's own tree (web/src/crud/option-sources.ts).
 */
export default function TreeTableScreen({ menu, def = menuDef, api: injected }: TreeTableScreenProps) {
  const { t } = useTranslation();
  const api = useMemo(() => injected ?? lazyListApi(client, def), [injected, def]);
  const canAddChild = useStore(userStore, (s) => s.permissions[`${def.permission}_child`] === true);
  return (
    <CrudPage
      def={def}
      title={menu?.name}
      api={api}
      rowActions={
        canAddChild
          ? (row, ctx) => (
              <Button type="link" size="small" onClick={() => ctx.add({ parentId: String(row.id) })}>
                {t('treeTable.addChild')}
              </Button>
            )
          : undefined
      }
    />
  );
}
