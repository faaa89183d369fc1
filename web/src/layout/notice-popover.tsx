import { AuditOutlined, BellOutlined, FileDoneOutlined, NotificationOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, List, Modal, Popover, Tabs } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { NoticeRow } from '../access/access-api.js';
import { MatterStatus } from '../access/matter-parts.js';
import { useStore } from '../lib/store.js';
import { bellFeed, refreshBell } from './bell-feed.js';
import '../access/access-strings.js';

/** How often the bell asks again while the page is showing. */
const REFRESH_MS = 60_000;

/** A notice's text without its markup (read through the browser's parser, never inserted as HTML). */
const plainText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** How many approvals and workflow tasks wait for the caller: the bell's badge. */
export const useBellCount = () => useStore(bellFeed, (s) => s.approvalTotal + s.taskTotal);

/**
 * The bell's two lists: requests waiting for the caller's approval (each opens the approval inbox)
 * and the latest notices (each opens in a dialog). `onPick` closes the surrounding popover or dialog.
 */
export function NoticeTabs({ style, onPick }: { style?: CSSProperties; onPick?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feed = useStore(bellFeed);
  const [notice, setNotice] = useState<NoticeRow>();
  useEffect(() => {
    void refreshBell();
  }, []);
  const openInbox = () => {
    onPick?.();
    navigate('/work/approvals');
  };
  return (
    <>
      <Tabs
        style={style}
        items={[
          {
            key: 'approvals',
            label: `${t('access.approvals')}(${feed.approvalTotal})`,
            children: (
              <List
                size="small"
                style={{ maxHeight: 360, overflowY: 'auto' }}
                loading={!feed.loaded}
                dataSource={feed.approvals}
                locale={{ emptyText: t('access.noApprovals') }}
                loadMore={
                  <Button type="link" block onClick={openInbox} data-testid="bell-open-inbox">
                    {t('access.openInbox')}
                  </Button>
                }
                renderItem={(row) => (
                  <List.Item
                    onClick={openInbox}
                    style={{ cursor: 'pointer' }}
                    data-testid="bell-approval"
                    extra={<MatterStatus status={row.matterStatus} />}
                  >
                    <List.Item.Meta
                      avatar={<Avatar icon={<AuditOutlined />} style={{ background: '#409EFF' }} />}
                      title={
                        <span className="sso-data">
                          {row.requesterName} · {row.appName} / {row.appRoleName}
                        </span>
                      }
                      description={
                        <>
                          <span className="sso-data">{row.currentNodeName}</span> · {row.createTime}
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'tasks',
            label: `${t('access.tasks')}(${feed.taskTotal})`,
            children: (
              <List
                size="small"
                style={{ maxHeight: 360, overflowY: 'auto' }}
                loading={!feed.loaded}
                dataSource={feed.tasks}
                locale={{ emptyText: t('access.noTasks') }}
                renderItem={(row) => (
                  <List.Item
                    onClick={() => {
                      onPick?.();
                      navigate(row.list === 'todo' ? '/work/todo/index' : '/work/claim/index');
                    }}
                    style={{ cursor: 'pointer' }}
                    data-testid="bell-task"
                    extra={row.list === 'claim' ? t('access.toClaim') : t('access.toDo')}
                  >
                    <List.Item.Meta
                      avatar={<Avatar icon={<FileDoneOutlined />} style={{ background: '#E6A23C' }} />}
                      title={
                        <span className="sso-data">
                          {row.processDefinitionName} · {row.taskName}
                        </span>
                      }
                      description={
                        <>
                          <span className="sso-data">{row.startUser}</span> · {row.createTime}
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            ),
          },
          {
            key: 'notices',
            label: `${t('access.notices')}(${feed.notices.length})`,
            children: (
              <List
                size="small"
                style={{ maxHeight: 360, overflowY: 'auto' }}
                loading={!feed.loaded}
                dataSource={feed.notices}
                locale={{ emptyText: t('access.noNotices') }}
                renderItem={(row) => (
                  <List.Item onClick={() => setNotice(row)} style={{ cursor: 'pointer' }} data-testid="bell-notice">
                    <List.Item.Meta
                      avatar={<Avatar icon={<NotificationOutlined />} style={{ background: '#67C23A' }} />}
                      title={<span className="sso-data">{row.title}</span>}
                      description={
                        <>
                          <span className="sso-data">{row.categoryName}</span> · {row.releaseTime}
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            ),
          },
        ]}
      />
      <Modal open={!!notice} title={<span className="sso-data">{notice?.title}</span>} footer={null} onCancel={() => setNotice(undefined)}>
        {notice && (
          <>
            <p style={{ color: '#888' }}>
              <span className="sso-data">{notice.categoryName}</span> · {notice.releaseTime}
            </p>
            <div className="sso-data" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="bell-notice-content">
              {plainText(notice.content ?? '')}
            </div>
          </>
        )}
      </Modal>
    </>
  );
}

/** Top-bar bell: the count of approvals waiting for the caller, and on click the approvals and notices. */
export function NoticePopover() {
  const { t } = useTranslation();
  const count = useBellCount();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void refreshBell();
    // New requests reach an approver without a reload: the count is one indexed query a minute.
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refreshBell();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refreshBell();
      }}
      content={<NoticeTabs style={{ width: 340 }} onPick={() => setOpen(false)} />}
      placement="bottomRight"
    >
      <Badge count={count} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('navbar.notice')} title={t('navbar.notice')} data-testid="top-bar-bell" />
      </Badge>
    </Popover>
  );
}
