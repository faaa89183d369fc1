import { LockOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { feedback } from '../api/feedback.js';
import { DEFAULT_AVATAR } from '../layout/user-menu.js';
import { useStore } from '../lib/store.js';
import { lockStore, unlock } from '../session/lock.js';
import { tagsStore } from '../session/tags-store.js';
import { userStore } from '../session/user-store.js';
import { logout } from '../sign-on/logout.js';

/** /lock: unlocks with the lock password and returns to the last tab; or logs out. */
export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locked = useStore(lockStore, (s) => s.locked);
  const info = useStore(userStore, (s) => s.userInfo);
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);
  const unlocking = useRef(false);
  // Arriving here unlocked (a bookmark): nothing to unlock.
  if (!locked && !unlocking.current) return <Navigate to="/" replace />;

  const submit = () => {
    if (!password) {
      feedback.message.error(t('lock.required'));
      return;
    }
    unlocking.current = true;
    if (!unlock(password)) {
      unlocking.current = false;
      setWrong(true);
      feedback.message.error(t('lock.wrong'));
      return;
    }
    const tags = tagsStore.get();
    navigate(tags[tags.length - 1]?.value ?? '/', { replace: true });
  };
  const leave = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #20222a, #1f3b73)' }}>
      <Card style={{ width: 360, textAlign: 'center' }}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Avatar size={64} src={info?.avatar || DEFAULT_AVATAR} />
          {/* The name's line is kept while the user loads: the card is centred, and a line arriving
              late would move the unlock button under a click on its way. */}
          <div style={{ minHeight: '1.5715em' }}>
            <Typography.Text strong>{info?.nickName || info?.account}</Typography.Text>
          </div>
          <Input.Password
            autoFocus
            status={wrong ? 'error' : undefined}
            prefix={<LockOutlined />}
            placeholder={t('lock.placeholder')}
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setWrong(false);
            }}
            onPressEnter={submit}
            aria-label={t('lock.password')}
          />
          <Button type="primary" block onClick={submit}>
            {t('lock.unlock')}
          </Button>
          <Button type="link" onClick={leave}>
            {t('navbar.logOut')}
          </Button>
        </Space>
      </Card>
    </Flex>
  );
}
