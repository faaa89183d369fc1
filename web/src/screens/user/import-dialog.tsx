import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Radio, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import { saveFile } from './download.js';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => Promise<void>;
}

/**
 * 用户数据导入 (BladeX): the xlsx file and whether existing accounts are overwritten, sent as
 * multipart to import-user?isCovered=; the template comes from export-template.
 */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const [covered, setCovered] = useState<0 | 1>(0);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(undefined);
    setCovered(0);
    setMissing(false);
  }, [open]);

  const submit = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const result = await client.user.user.importUser(form, { isCovered: covered });
      feedback.message.success(t('userScreen.imported', result));
      onClose();
      await onImported();
    } catch {
      // toasted by the response handler (the server names the bad row); the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  const template = async () => {
    try {
      saveFile(await client.user.user.exportTemplate(), `${t('userScreen.templateFile')}.xlsx`);
    } catch {
      // toasted by the response handler
    }
  };

  return (
    <Modal
      title={t('userScreen.importTitle')}
      open={open}
      width={560}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('userScreen.covered')} extra={t('userScreen.coveredHelp')}>
          <Radio.Group
            value={covered}
            onChange={(e) => setCovered(e.target.value)}
            options={[
              { value: 1, label: t('userScreen.coveredYes') },
              { value: 0, label: t('userScreen.coveredNo') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('userScreen.file')}
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('userScreen.fileRequired') : t('userScreen.fileHelp')}
        >
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
            beforeUpload={(chosen) => {
              setFile(chosen);
              setMissing(false);
              return false; // kept until submit, sent with the covered choice
            }}
            onRemove={() => setFile(undefined)}
          >
            <Button icon={<UploadOutlined />}>{t('userScreen.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Button type="link" style={{ padding: 0 }} onClick={template}>
          {t('userScreen.template')}
        </Button>
      </Form>
    </Modal>
  );
}
