import { Avatar, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../api/feedback.js';
import { avatarProblem, putFile } from '../crud/put-file.js';
import { addScreenStrings } from '../i18n/index.js';
import { DEFAULT_AVATAR } from '../layout/user-menu.js';

addScreenStrings('avatarUpload', {
  'zh-CN': { changeAvatar: '更换头像', avatarRule: '只能上传jpg/png格式，且不超过500kb' },
  en: { changeAvatar: 'Change avatar', avatarRule: 'jpg or png only, at most 500kb' },
});

export interface AvatarUploadProps {
  /** The avatar link (a form field value). */
  value?: string | null;
  /** Called with the stored file's link once put-file answers. */
  onChange?: (link: string) => void;
}

/**
 * The avatar picker: the avatar rules (jpg/png, at most 500kb) are checked before anything is
 * sent, then the file goes through put-file with type=avatar (checked again there).
 */
export function AvatarUpload({ value, onChange }: AvatarUploadProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const upload = async (file: File) => {
    const message = avatarProblem(file, i18n.language);
    setProblem(message);
    if (message) {
      feedback.message.error(message);
      return;
    }
    setBusy(true);
    try {
      const { link } = await putFile(file, 'avatar');
      onChange?.(link);
    } catch {
      // toasted by the response handler (the server's own avatar messages included)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="start">
      <Avatar size={64} src={value || DEFAULT_AVATAR} data-testid="info-avatar" />
      <Space orientation="vertical" size={4}>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false; // the upload above replaces antd's own request
          }}
        >
          <Button loading={busy} data-testid="avatar-upload">
            {t('avatarUpload.changeAvatar')}
          </Button>
        </Upload>
        <Typography.Text type={problem ? 'danger' : 'secondary'} data-testid="avatar-rule">
          {problem ?? t('avatarUpload.avatarRule')}
        </Typography.Text>
      </Space>
    </Space>
  );
}
