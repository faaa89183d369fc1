import { UploadOutlined } from '@ant-design/icons';
import { registry } from '@sso/shared-api';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import './strings.js';

const def = registry.appmanage.appVersion;

/** 上传安装包: an .apk (Android) or .ipa (iOS) for an unreleased version; the server checks and fingerprints it. */
function UploadPackage({ row, onDone }: { row: Row; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      await client.appmanage.appVersion.upload(form as never, { id: String(row.id) });
      feedback.message.success(t('appManageScreen.uploaded'));
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
      accept={Number(row.appType) === 2 ? '.ipa' : '.apk'}
      beforeUpload={(file) => {
        void upload(file);
        return false; // the call above replaces antd's own request
      }}
    >
      <Button type="link" size="small" icon={<UploadOutlined />} loading={busy} data-testid={`upload-${row.id}`}>
        {t('appManageScreen.upload')}
      </Button>
    </Upload>
  );
}

/** 发布 / 取消发布: releasing makes the version the answer of the clients' update check. */
function ReleaseToggle({ row, onDone }: { row: Row; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const released = Number(row.whetherRealease) === 1;
  const toggle = async () => {
    try {
      await client.appmanage.appVersion.realease({ id: String(row.id), whetherRealease: released ? 0 : 1 } as never);
      feedback.message.success(t(released ? 'appManageScreen.withdrawn' : 'appManageScreen.released'));
      await onDone();
    } catch {
      // toasted by the response handler
    }
  };
  return (
    <Button type="link" size="small" danger={released} onClick={toggle} data-testid={`release-${row.id}`}>
      {t(released ? 'appManageScreen.withdraw' : 'appManageScreen.release')}
    </Button>
  );
}

/**
 * /appmanage/appversionmanage (版本管理): the generic version table with, per row, the package
 * upload (while unreleased, `appversionmanage_edit`) and the release toggle (`appversionmanage_release`).
 */
export default function VersionScreen({ menu }: ScreenProps) {
  const canUpload = useHasButton('appversionmanage_edit');
  const canRelease = useHasButton('appversionmanage_release');
  return (
    <CrudPage
      def={def}
      title={menu?.name}
      rowActions={(row, ctx) => (
        <>
          {canUpload && Number(row.whetherRealease) !== 1 ? <UploadPackage row={row} onDone={ctx.reload} /> : null}
          {canRelease ? <ReleaseToggle row={row} onDone={ctx.reload} /> : null}
        </>
      )}
    />
  );
}
