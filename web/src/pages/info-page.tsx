import { Avatar, Card, Col, Descriptions, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { feedback } from '../api/feedback.js';
import { DEFAULT_AVATAR } from '../layout/user-menu.js';
import { PasswordForm } from './password-form.js';

type Profile = Awaited<ReturnType<typeof client.user.user.info>>;

/**
 * /info/index, personal info (SPEC §3). A first version: the profile as the server has it and the
 * password change; editing the profile and the avatar upload are a later screen's work.
 */
export default function InfoPage() {
  const { t } = useTranslation();
  const [profile, setProfile] = useState<Profile>();
  useEffect(() => {
    client.user.user.info().then(setProfile, () => undefined);
  }, []);
  return (
    <Row gutter={12}>
      <Col xs={24} lg={12}>
        <Card title={t('route.info')}>
          <Avatar size={64} src={profile?.avatar || DEFAULT_AVATAR} style={{ marginBottom: 12 }} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('info.account')}>{profile?.account}</Descriptions.Item>
            <Descriptions.Item label={t('info.realName')}>{profile?.realName}</Descriptions.Item>
            <Descriptions.Item label={t('info.name')}>{profile?.name}</Descriptions.Item>
            <Descriptions.Item label={t('info.phone')}>{profile?.phone}</Descriptions.Item>
            <Descriptions.Item label={t('info.email')}>{profile?.email}</Descriptions.Item>
            <Descriptions.Item label={t('info.deptName')}>{profile?.deptName}</Descriptions.Item>
            <Descriptions.Item label={t('info.postName')}>{profile?.postName}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('info.password')}>
          <PasswordForm onDone={() => feedback.message.success(t('common.success'))} />
        </Card>
      </Col>
    </Row>
  );
}
