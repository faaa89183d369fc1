import { DEFAULT_TENANT_ID, tenant } from '@sso/shared-api';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { PickDialog } from './pick-dialog.js';
import { SettingDialog } from './setting-dialog.js';
import './strings.js';

const tenantDef = tenant;
/** The choices of the pick dialogs: one page of the largest size lists allow (data sources and packages are few). */
const LIST_ALL = { current: 1, size: 200 };

type Open = { kind: 'setting'; ids: string[]; current?: Row } | { kind: 'datasource' | 'package'; row: Row };

/**
 * /system/tenant (租户管理): the generic page plus the tenant extras, each behind its button:
 * 授权配置 for the ticked tenants (`tenant_setting`), 数据源 and 产品包 per row
 * (`tenant_datasource`, `tenant_package`; the platform tenant takes no package).
 */
export default function TenantScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const permissions = useStore(userStore, (s) => s.permissions);
  const [open, setOpen] = useState<Open & { ctx: CrudContext }>();
  const close = useCallback(() => setOpen(undefined), []);
  const row = open && open.kind !== 'setting' ? open.row : undefined;

  const openSetting = async (ctx: CrudContext) => {
    if (!ctx.selected.length) return feedback.message.warning(t('crud.selectOne'));
    // One tenant: start from its values; several: from blank fields.
    const current = ctx.selected.length === 1 ? await ctx.api.detail(ctx.selected[0]).catch(() => undefined) : undefined;
    setOpen({ kind: 'setting', ids: ctx.selected, current, ctx });
  };

  const done = async () => {
    const reload = open?.ctx.reload;
    setOpen(undefined);
    await reload?.();
  };

  const loadDatasources = useCallback(async () => {
    const page = await client.system.datasource.list(LIST_ALL);
    const options = page.records.map((r) => ({ label: String(r.name), value: String(r.id) }));
    return { options, current: String(row?.datasourceId ?? '') };
  }, [row]);

  const loadPackages = useCallback(async () => {
    const tenantId = String(row?.tenantId ?? '');
    const [page, held] = await Promise.all([client.system.tenantPackage.list(LIST_ALL), client.system.tenant.packageDetail({ tenantId })]);
    const options = page.records.map((r) => ({ label: String(r.packageName), value: String(r.id) }));
    return { options, current: held?.id ?? '' };
  }, [row]);

  const saveDatasource = async (datasourceId: string) => {
    await client.system.tenant.datasource(undefined, { tenantId: String(row?.tenantId), datasourceId });
    feedback.message.success(t('common.success'));
    await done();
  };

  const savePackage = async (packageId: string) => {
    await client.system.tenant.packageSetting(undefined, { tenantId: String(row?.tenantId), packageId });
    feedback.message.success(t('common.success'));
    await done();
  };

  const rowLinks = (r: Row, ctx: CrudContext) => (
    <>
      {permissions.tenant_datasource && (
        <Button type="link" size="small" onClick={() => setOpen({ kind: 'datasource', row: r, ctx })}>
          {t('tenantScreen.datasource')}
        </Button>
      )}
      {permissions.tenant_package && r.tenantId !== DEFAULT_TENANT_ID && (
        <Button type="link" size="small" onClick={() => setOpen({ kind: 'package', row: r, ctx })}>
          {t('tenantScreen.package')}
        </Button>
      )}
    </>
  );

  return (
    <>
      <CrudPage
        def={tenantDef}
        title={menu?.name}
        toolbar={(ctx) => permissions.tenant_setting && <Button onClick={() => void openSetting(ctx)}>{t('tenantScreen.setting')}</Button>}
        rowActions={permissions.tenant_datasource || permissions.tenant_package ? rowLinks : undefined}
      />
      <SettingDialog
        ids={open?.kind === 'setting' ? open.ids : []}
        current={open?.kind === 'setting' ? open.current : undefined}
        onDone={() => void done()}
        onClose={close}
      />
      <PickDialog
        open={open?.kind === 'datasource'}
        title={t('tenantScreen.datasourceTitle')}
        label={t('tenantScreen.datasource')}
        help={t('tenantScreen.datasourceHelp')}
        load={loadDatasources}
        onSave={saveDatasource}
        onClose={close}
      />
      <PickDialog
        open={open?.kind === 'package'}
        title={t('tenantScreen.packageTitle')}
        label={t('tenantScreen.package')}
        help={t('tenantScreen.packageHelp')}
        load={loadPackages}
        onSave={savePackage}
        onClose={close}
      />
    </>
  );
}
