import { BellOutlined } from '@ant-design/icons';
import { Avatar, Badge, Button, List, Popover, Tabs, Tag } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadMoreNotices, type NoticeItem, noticeTabs } from './notice-mock.js';

const statusColor = ['blue', 'orange', 'green'];

function NoticeList({ tab, initial }: { tab: string; initial: NoticeItem[] }) {
  const { t } = useTranslation();
  const [items, setItems] = useState(initial);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const more = async () => {
    setLoading(true);
    const next = await loadMoreNotices(tab, page + 1);
    setItems((list) => [...list, ...next]);
    setPage((p) => p + 1);
    setLoading(false);
  };
  return (
    <List<NoticeItem>
      size="small"
      dataSource={items}
      locale={{ emptyText: t('notice.empty') }}
      loadMore={
        items.length ? (
          <Button type="link" block loading={loading} onClick={more}>
            {t('notice.more')}
          </Button>
        ) : null
      }
      renderItem={(item) => (
        <List.Item extra={<Tag color={statusColor[item.status]}>{item.tag}</Tag>}>
          <List.Item.Meta avatar={<Avatar src={item.img} />} title={item.title} description={item.subtitle} />
        </List.Item>
      )}
    />
  );
}

/** How many notices the mock tabs hold: the badge's count. */
export const noticeTotal = noticeTabs.reduce((sum, tab) => sum + tab.items.length, 0);

/** The notice tabs, shown in the popover and, on phones, in a dialog from the overflow menu. */
export function NoticeTabs({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  return (
    <Tabs
      style={style}
      items={noticeTabs.map((tab) => ({
        key: tab.key,
        label: `${t(`notice.${tab.key}`)}(${tab.items.length})`,
        children: <NoticeList tab={tab.key} initial={tab.items} />,
      }))}
    />
  );
}

/** Top-bar notice popover with mock tabs (there is no notification feed yet): mail (1), message (2), notice. */
export function NoticePopover() {
  const { t } = useTranslation();
  return (
    <Popover trigger="click" content={<NoticeTabs style={{ width: 320 }} />} placement="bottomRight">
      <Badge count={noticeTotal} size="small" offset={[-4, 4]}>
        <Button type="text" icon={<BellOutlined />} aria-label={t('navbar.notice')} title={t('navbar.notice')} />
      </Badge>
    </Popover>
  );
}
