import { Avatar, Button, Flex, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { FieldInputProps } from '../../crud/field-renderers.js';
import { avatarProblem, putFile } from '../../crud/put-file.js';
import './strings.js';

/**
 * An application's icon: a small jpg or png stored like an avatar (public object storage, the
 * same size and type rules checked before sending), previewed as it will show in the portal.
 */
export function IconInput({ value, onChange, disabled, id }: FieldInputProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const link = typeof value === 'string' && value ? value : undefined;

  const upload = async (file: File) => {
    const problem = avatarProblem(file, i18n.language);
    if (problem) {
      feedback.message.error(problem);
      return;
    }
    setBusy(true);
    try {
      onChange?.((await putFile(file, 'avatar')).link);
    } catch {
      // toasted by the response handler
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={8} align="center" wrap id={id}>
      <Avatar shape="square" size={48} src={link} alt={t('apsScreen.iconPreview')} data-testid="app-icon-preview">
        {link ? undefined : '?'}
      </Avatar>
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          void upload(file);
          return false; // put-file above replaces antd's own request
        }}
      >
        <Button loading={busy} disabled={disabled} data-testid="app-icon-upload">
          {t('apsScreen.uploadIcon')}
        </Button>
      </Upload>
      {link && !disabled && <Button onClick={() => onChange?.('')}>{t('apsScreen.removeIcon')}</Button>}
    </Flex>
  );
}
