import { Flex, Form, Input } from 'antd';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';

interface Props {
  /** Receives the key of the picture shown: the sign-in sends it back with the code typed. */
  captchaKey: RefObject<string | undefined>;
  /** A new picture each time this changes (a captcha answers one sign-in, right or wrong). */
  generation: number;
}

/** The captcha of the sign-in form: the code typed beside its picture; a click on the picture draws another. */
export function CaptchaField({ captchaKey, generation }: Props) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string>();
  const draw = useCallback(() => {
    client.captcha().then(
      (captcha) => {
        captchaKey.current = captcha.key;
        setImage(captcha.image);
      },
      (error) => feedback.message.error(errorMessage(error)),
    );
  }, [captchaKey]);
  useEffect(() => {
    void generation;
    draw();
  }, [draw, generation]);

  return (
    <Form.Item label={t('login.captcha')} htmlFor="login_captchaCode" required>
      <Flex gap={8} align="center">
        <Form.Item name="captchaCode" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
          <Input autoComplete="off" maxLength={8} style={{ flex: 1, minWidth: 0 }} />
        </Form.Item>
        <button
          type="button"
          onClick={draw}
          title={t('login.captchaRefresh')}
          aria-label={t('login.captchaRefresh')}
          style={{ padding: 0, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff', cursor: 'pointer', lineHeight: 0 }}
        >
          {image ? (
            <img src={image} alt={t('login.captchaImage')} width={96} height={32} />
          ) : (
            <span style={{ display: 'inline-block', width: 96, height: 32 }} />
          )}
        </button>
      </Flex>
    </Form.Item>
  );
}
