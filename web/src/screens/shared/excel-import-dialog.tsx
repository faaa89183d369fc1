import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Radio, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { saveFile } from './download.js';
import './excel-import-strings.js';

export interface ExcelImportDialogProps {
  open: boolean;
  title: string;
  /** What 是 and 否 of 数据覆盖 mean for these records. */
  coveredHelp: string;
  /** The template's file name, without .xlsx. */
  templateName: string;
  /** Sends the form (field `file`) to the import extra with isCovered. */
  upload: (form: FormData, isCovered: 0 | 1) => Promise<{ inserted: number; updated: number }>;
  /** The template's bytes (export-template). */
  template: () => Promise<Uint8Array>;
  onClose: () => void;
  onImported: () => Promise<void>;
}

/**
 * BladeX's Excel import: the xlsx file and whether existing records are overwritten, sent as
 * multipart with isCovered=; the template is downloaded from the screen's export-template.
 */
export function ExcelImportDialog({
  open,
  title,
  coveredHelp,
  templateName,
  upload,
  template,
  onClose,
  onImported,
}: ExcelImportDialogProps) {
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
      const result = await upload(form, covered);
      feedback.message.success(t('excelImport.imported', result));
      onClose();
      await onImported();
    } catch {
      // toasted by the response handler (the server names the bad row); the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      saveFile(await template(), `${templateName}.xlsx`);
    } catch {
      // toasted by the response handler
    }
  };

  return (
    <Modal
      title={title}
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
        <Form.Item label={t('excelImport.covered')} extra={coveredHelp}>
          <Radio.Group
            value={covered}
            onChange={(e) => setCovered(e.target.value)}
            options={[
              { value: 1, label: t('excelImport.coveredYes') },
              { value: 0, label: t('excelImport.coveredNo') },
            ]}
          />
        </Form.Item>
        <Form.Item
          label={t('excelImport.file')}
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('excelImport.fileRequired') : t('excelImport.fileHelp')}
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
            <Button icon={<UploadOutlined />}>{t('excelImport.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <Button type="link" style={{ padding: 0 }} onClick={downloadTemplate}>
          {t('excelImport.template')}
        </Button>
      </Form>
    </Modal>
  );
}
