import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import { defs, listRows } from './authz-api.js';
import './authz-strings.js';

/** Applications whose name contains the text typed (at most one page offered at once). */
function useApps(search: string) {
  const [apps, setApps] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    const text = search.trim();
    listRows(defs.app, text ? { appName: text } : {}).then(
      (rows) => live && setApps(rows),
      () => live && setApps([]), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [search]);
  return apps;
}

export interface AppPickerProps {
  value?: string;
  onChange: (appId: string | undefined) => void;
  testId?: string;
}

/** The application picker that opens the per-application screens (menus, roles, grants). */
export function AppPicker({ value, onChange, testId = 'authz-app-picker' }: AppPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const apps = useApps(search);
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setSearch}
      value={value}
      onChange={(appId?: string) => onChange(appId)}
      placeholder={t('authzScreen.pickApp')}
      style={{ width: '100%', maxWidth: 420 }}
      data-testid={testId}
      options={apps.map((row) => ({ value: String(row.id), label: `${String(row.appName)} (${String(row.appCode)})` }))}
    />
  );
}
