import { attach } from '@sso/shared-api';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import { UploadButton } from './upload-button.js';
import { useHasButton } from './use-permission.js';
import './resource-strings.js';

const def = attach;

/** Download link of an attachment (`attach_download`); local files are served by oss/endpoint/file. */
function DownloadLink({ row }: { row: Row }) {
  const { t } = useTranslation();
  const allowed = useHasButton('attach_download');
  if (!allowed || typeof row.link !== 'string' || !row.link) return null;
  return (
    <Button type="link" size="small" href={row.link} download={String(row.originalName ?? '')} target="_blank" rel="noopener">
      {t('resourceScreen.download')}
    </Button>
  );
}

/**
 * Attachments (`/resource/attach`): 上传 (`attach_upload`) stores a file through put-file and
 * lists it; deleting one removes its stored object on the server.
 */
export default function AttachScreen({ menu }: ScreenProps) {
  const canUpload = useHasButton('attach_upload');
  return (
    <CrudPage
      def={def}
      title={menu?.name}
      toolbar={(ctx) => (canUpload ? <UploadButton onDone={ctx.reload} /> : null)}
      rowActions={(row) => <DownloadLink row={row} />}
    />
  );
}
