import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { ExcelImportDialog } from '../shared/excel-import-dialog.js';

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  onImported: () => Promise<void>;
}

/** 用户数据导入 (BladeX): the shared Excel import on import-user and its export-template. */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  return (
    <ExcelImportDialog
      open={open}
      title={t('userScreen.importTitle')}
      coveredHelp={t('userScreen.coveredHelp')}
      templateName={t('userScreen.templateFile')}
      upload={(form, isCovered) => client.user.user.importUser(form, { isCovered })}
      template={() => client.user.user.exportTemplate()}
      onClose={onClose}
      onImported={onImported}
    />
  );
}
