import { registry } from '@sso/shared-api';
import { Button, Card, Empty, Flex, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { crudApi, type Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import { AppGrantEditor, useAppGrants } from './app-grant-dialog.js';
import './strings.js';

const def = registry.aps.appUser;
const apps = crudApi(client, registry.aps.app);

/** Applications whose name or code contains the text typed (at most 50 offered at once). */
function useAppOptions(search: string) {
  const [options, setOptions] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    const text = search.trim();
    const byName = apps.list({ current: 1, size: 50, ...(text ? { appName: text } : {}) });
    byName.then(
      (answer) => live && setOptions(answer.rows),
      () => live && setOptions([]), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [search]);
  return options;
}

/**
 * /aps/appuser (应用用户): pick an application, see who may open it and grant more from the
 * department, role and user trees; below, every grant of the tenant in the generic table.
 */
export default function AppUserScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [appId, setAppId] = useState<string>();
  const [version, setVersion] = useState(0);
  const options = useAppOptions(search);
  const grants = useAppGrants(appId);

  const grant = async () => {
    await grants.grantPicked();
    setVersion((v) => v + 1); // the table below shows the new grants
  };

  return (
    <Flex vertical gap={12}>
      <Card
        size="small"
        title={t('apsScreen.grantTitle')}
        extra={
          <Button type="primary" disabled={!appId || !grants.trees.ready} loading={grants.busy} onClick={() => void grant()}>
            {t('apsScreen.grant')}
          </Button>
        }
      >
        <Select
          showSearch
          allowClear
          filterOption={false}
          onSearch={setSearch}
          value={appId}
          onChange={(value?: string) => setAppId(value)}
          placeholder={t('apsScreen.pickApp')}
          style={{ width: '100%', maxWidth: 420, marginBottom: 12 }}
          data-testid="grant-app-picker"
          options={options.map((row) => ({ value: String(row.id), label: `${String(row.appName)} (${String(row.appCode)})` }))}
        />
        {appId ? <AppGrantEditor grants={grants} /> : <Empty description={t('apsScreen.pickApp')} />}
      </Card>
      <CrudPage key={version} def={def} title={menu?.name} />
    </Flex>
  );
}
