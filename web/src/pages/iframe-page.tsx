import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

/**
 * /myiframe/{routerPath}: an external menu link embedded in the shell. Only http(s)
 * addresses are embedded; the frame is sandboxed but may run the embedded app's scripts.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  if (!/^https?:\/\//i.test(src)) return <Empty description={t('iframe.invalid')} />;
  return (
    <iframe
      title={params.get('name') ?? src}
      src={src}
      style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0, background: '#fff' }}
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
    />
  );
}
