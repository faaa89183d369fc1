import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { putFile } from '../../crud/put-file.js';
import './resource-strings.js';

/** 上传: one file through put-file (which records the attachment), then `onDone`. */
export function UploadButton({ onDone }: { onDone: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      await putFile(file);
      feedback.message.success(t('resourceScreen.uploaded'));
      await onDone();
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(false);
    }
  };
  return (
    <Upload
      showUploadList={false}
      beforeUpload={(file) => {
        void upload(file);
        return false; // the upload above replaces antd's own request
      }}
    >
      <Button icon={<UploadOutlined />} loading={busy} data-testid="attach-upload">
        {t('resourceScreen.upload')}
      </Button>
    </Upload>
  );
}
