import type { PortalAppRow } from '@sso/shared-api';
import { AutoComplete, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { portalApi } from './portal-api.js';

/**
 * The header's application search: suggestions by contained text or pinyin (the server matches),
 * a pick opens the application's details, Enter goes to the app market with the text, and
 * clearing goes to the app market with an empty appName.
 */
export function PortalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('appName') ?? '');
  const [options, setOptions] = useState<PortalAppRow[]>([]);

  useEffect(() => {
    const query = text.trim();
    if (!query) return setOptions([]);
    let current = true;
    void portalApi.search(query).then((apps) => current && setOptions(apps));
    return () => {
      current = false;
    };
  }, [text]);

  return (
    <AutoComplete
      className="sso-portal-search"
      value={text}
      options={options.map((app) => ({ value: app.id, label: <span className="sso-data">{app.appName}</span> }))}
      onSelect={(id: string) => {
        setText('');
        navigate(`/home/detail?id=${id}`);
      }}
      onChange={(value: string) => setText(value)}
      popupMatchSelectWidth={false}
    >
      <Input.Search
        allowClear
        placeholder={t('portal.search')}
        aria-label={t('portal.search')}
        data-testid="portal-search"
        onSearch={(value, _event, info) => {
          if (info?.source === 'clear') return navigate('/home/app?appName=');
          navigate(`/home/app?appName=${encodeURIComponent(value.trim())}`);
        }}
      />
    </AutoComplete>
  );
}
