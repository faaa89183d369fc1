import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Radio, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import { FormModal } from '../../crud/form-modal.js';
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

  const submit = async ({ file, isCovered }: { file: File; isCovered: 0 | 1 }) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const result = await upload(form, isCovered);
    feedback.message.success(t('excelImport.imported', result));
    onClose();
    await onImported();
  };

  const downloadTemplate = async () => {
    try {
      saveFile(await template(), `${templateName}.xlsx`);
    } catch {
      // toasted by the response handler
    }
  };

  return (
    <FormModal open={open} title={title} name="excel-import" width={560} onSubmit={submit} onClose={onClose}>
      <Form.Item name="isCovered" label={t('excelImport.covered')} extra={coveredHelp} initialValue={0}>
        <Radio.Group
          options={[
            { value: 1, label: t('excelImport.coveredYes') },
            { value: 0, label: t('excelImport.coveredNo') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="file"
        label={t('excelImport.file')}
        extra={t('excelImport.fileHelp')}
        rules={[{ required: true, message: t('excelImport.fileRequired') }]}
      >
        <FileInput label={t('excelImport.chooseFile')} />
      </Form.Item>
      <Button type="link" style={{ padding: 0 }} onClick={downloadTemplate}>
        {t('excelImport.template')}
      </Button>
    </FormModal>
  );
}

/** One .xlsx file, kept until the form is sent (with the covered choice). */
function FileInput({ label, value, onChange }: { label: string; value?: File; onChange?: (file?: File) => void }) {
  return (
    <Upload
      accept=".xlsx"
      maxCount={1}
      fileList={value ? [{ uid: 'import', name: value.name, status: 'done' }] : []}
      beforeUpload={(chosen) => {
        onChange?.(chosen);
        return false; // not uploaded on its own
      }}
      onRemove={() => onChange?.(undefined)}
    >
      <Button icon={<UploadOutlined />}>{label}</Button>
    </Upload>
  );
}
