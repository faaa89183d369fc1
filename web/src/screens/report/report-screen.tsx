import { reportFile } from '@sso/shared-api';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { addScreenStrings } from '../../i18n/index.js';
import type { ScreenProps } from '../screen-props.js';

addScreenStrings('reportScreen', { 'zh-CN': { download: '下载' }, en: { download: 'Download' } });

const def = reportFile;

/** A report kept inline (no link) is saved from its detail's content as `<name>.ureport.xml`. */
async function saveContent(row: Row): Promise<void> {
  try {
    const detail = await client.report.reportFile.detail(String(row.id));
    const blob = new Blob([detail.content ?? ''], { type: 'application/xml' });
    const url = URL.createObjectURL(blob);
    const anchor = Object.assign(document.createElement('a'), { href: url, download: `${detail.name}.ureport.xml` });
    anchor.click();
    URL.revokeObjectURL(url);
  } catch {
    // toasted by the response handler
  }
}

function DownloadLink({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (typeof row.link === 'string' && row.link) {
    return (
      <Button type="link" size="small" href={row.link} target="_blank" rel="noopener">
        {t('reportScreen.download')}
      </Button>
    );
  }
  return (
    <Button type="link" size="small" onClick={() => void saveContent(row)}>
      {t('reportScreen.download')}
    </Button>
  );
}

/** Reports (`/report/reportlist`): the list, 删除 (`reportlist_delete`) and a download per row. */
export default function ReportScreen({ menu }: ScreenProps) {
  return <CrudPage def={def} title={menu?.name} rowActions={(row) => <DownloadLink row={row} />} />;
}
