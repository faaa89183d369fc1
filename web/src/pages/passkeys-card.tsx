import { PASSKEY_BASE, type PasskeyRow } from '@sso/shared-api/auth';
import { Button, Card, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../api/client.js';
import { errorMessage } from '../api/errors.js';
import { feedback } from '../api/feedback.js';
import { addScreenStrings } from '../i18n/index.js';
import { cancelledByBrowser, createPasskey, passkeysSupported } from './login/passkey-browser.js';

addScreenStrings('passkeys', {
  'zh-CN': {
    title: '通行密钥',
    help: '通行密钥用指纹、面容或设备密码代替密码登录，无法被钓鱼网站骗取。已添加通行密钥后，用密码登录时也须用它验证。',
    none: '尚未添加通行密钥',
    name: '名称（如：办公电脑、我的手机）',
    nameRequired: '请输入名称（最多64个字符）',
    add: '添加通行密钥',
    added: '通行密钥已添加',
    remove: '删除',
    removeConfirm: '删除后不能再用它登录，确定删除？',
    removed: '通行密钥已删除',
    synced: '多设备同步',
    createdAt: '添加于 {{time}}',
    lastUsed: '最近使用 {{time}}',
    cancelled: '未创建通行密钥：已取消或超时',
    unsupported: '此浏览器不支持通行密钥',
  },
  en: {
    title: 'Passkeys',
    help: 'A passkey signs you in with your fingerprint, face or device PIN instead of a password, and a phishing site cannot obtain it. Once you have one, a password sign-in asks for it too.',
    none: 'No passkey yet',
    name: 'Name (e.g. office laptop, my phone)',
    nameRequired: 'Please enter a name (at most 64 characters)',
    add: 'Add a passkey',
    added: 'Passkey added',
    remove: 'Remove',
    removeConfirm: 'It will no longer sign you in. Remove it?',
    removed: 'Passkey removed',
    synced: 'Synced across devices',
    createdAt: 'Added {{time}}',
    lastUsed: 'Last used {{time}}',
    cancelled: 'No passkey was created: cancelled or timed out',
    unsupported: 'This browser does not support passkeys',
  },
});

/** /info/index: the caller's passkeys: listed with their names, added (named, created by the browser), removed. */
export default function PasskeysCard() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PasskeyRow[]>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const load = useCallback(() => {
    client.call<PasskeyRow[]>('GET', `${PASSKEY_BASE}/list`).then(setRows, () => undefined);
  }, []);
  useEffect(load, [load]);

  const add = async ({ name }: { name: string }) => {
    setBusy(true);
    try {
      const options = await client.call<unknown>('POST', `${PASSKEY_BASE}/register-options`);
      const response = await createPasskey(options);
      await client.call('POST', `${PASSKEY_BASE}/register`, undefined, { name: name.trim(), response });
      // A session restricted to setting up a second factor gets a full token now that it has one.
      if (client.session?.token.second_factor === 'enrol') await client.refresh();
      feedback.message.success(t('passkeys.added'));
      form.resetFields();
      load();
    } catch (error) {
      feedback.message.error(cancelledByBrowser(error) ? t('passkeys.cancelled') : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await client.call('POST', `${PASSKEY_BASE}/remove`, { id });
      feedback.message.success(t('passkeys.removed'));
      load();
    } catch (error) {
      feedback.message.error(errorMessage(error));
    }
  };

  return (
    <Card title={t('passkeys.title')} style={{ marginTop: 12 }} className="passkeys-card">
      <Typography.Paragraph type="secondary">{t('passkeys.help')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={rows ?? []}
        locale={{ emptyText: t('passkeys.none') }}
        renderItem={(row) => (
          <List.Item
            actions={[
              <Popconfirm key="remove" title={t('passkeys.removeConfirm')} onConfirm={() => remove(row.id)}>
                <Button type="link" danger size="small">
                  {t('passkeys.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <span className="passkey-name">
                  {row.name} {row.backedUp && <Tag>{t('passkeys.synced')}</Tag>}
                </span>
              }
              description={[
                t('passkeys.createdAt', { time: row.createTime }),
                row.lastUsedTime ? t('passkeys.lastUsed', { time: row.lastUsedTime }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </List.Item>
        )}
      />
      {passkeysSupported() ? (
        <Form form={form} name="passkeyAdd" layout="inline" onFinish={add} style={{ marginTop: 12, rowGap: 8 }}>
          <Form.Item name="name" rules={[{ required: true, whitespace: true, max: 64, message: t('passkeys.nameRequired') }]}>
            <Input placeholder={t('passkeys.name')} aria-label={t('passkeys.name')} maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('passkeys.add')}
          </Button>
        </Form>
      ) : (
        <Typography.Text type="secondary">{t('passkeys.unsupported')}</Typography.Text>
      )}
    </Card>
  );
}
