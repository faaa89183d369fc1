import { registry } from '@sso/shared-api';
import { Button, Descriptions, Drawer, Flex, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import './wx-strings.js';

const def = registry.wechat.wxMessageSend;
const api = () => client.wechat.wxMessageSend;

type Recipient = Awaited<ReturnType<ReturnType<typeof api>['recipients']>>['records'][number];
const STATUS_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
// One of the page sizes the server takes (10, 30, 50, 100, 200).
const PAGE = 30;

/** A time as the console shows times (local, to the second); an ISO instant is converted. */
const localTime = (value: string) => (value?.includes('T') && dayjs(value).isValid() ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : value);

/**
 * 消息发送: the messages of the tenant's official accounts. The generic dialog writes a message
 * (a template message to chosen followers or a tag, or a mass message to followers, a tag or
 * everyone); 发送 sends it (each recipient once, however often it is pressed), and the drawer
 * shows every recipient's outcome: WeChat's msgid, or its errcode and errmsg.
 */
export default function WxMessageSendScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canSend = useHasButton('wxmessagesend_send');
  const [shown, setShown] = useState<Row>();

  const send = (row: Row, reload: () => Promise<void>) =>
    feedback.modal.confirm({
      title: t('wx.send'),
      content: t('wx.sendConfirm', { title: String(row.title ?? '') }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const answer = await api().send(undefined, { id: String(row.id) });
          (answer.failed > 0 ? feedback.message.warning : feedback.message.success)(t('wx.sent', answer));
        } finally {
          await reload();
        }
      },
    });

  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        formName="wxmessagesend"
        onView={setShown}
        rowActions={(row, ctx) => (
          <>
            <Button type="link" size="small" onClick={() => setShown(row)} data-testid="wx-recipients">
              {t('wx.recipients')}
            </Button>
            {canSend && Number(row.sendStatus) !== 2 && (
              <Button type="link" size="small" onClick={() => send(row, ctx.reload)}>
                {Number(row.sendStatus) === 0 ? t('wx.send') : t('wx.sendAgain')}
              </Button>
            )}
          </>
        )}
      />
      <Drawer
        title={shown ? t('wx.recipientsTitle', { title: String(shown.title ?? '') }) : ''}
        open={Boolean(shown)}
        onClose={() => setShown(undefined)}
        size={880}
        destroyOnHidden
      >
        {shown && <MessageDetail row={shown} />}
      </Drawer>
    </>
  );
}

function MessageDetail({ row }: { row: Row }) {
  const { t } = useTranslation();
  const text = (key: string) => String(row[key] ?? '');
  const items = [
    { key: 'appName', label: t('wx.account'), children: text('appName') },
    { key: 'msgKindName', label: t('wx.kind'), children: text('msgKindName') },
    { key: 'sendStatusName', label: t('wx.sendState'), children: text('sendStatusName') },
    {
      key: 'counts',
      label: t('wx.recipients'),
      children: `${text('total') || 0} / ✓ ${text('succeeded') || 0} / ✗ ${text('failed') || 0}`,
    },
    { key: 'sentTime', label: t('wx.sentTime'), children: text('sentTime') },
  ];
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={2} bordered items={items} />
      <Recipients id={String(row.id)} />
    </Flex>
  );
}

/** The recipients of a message, a page at a time, each with WeChat's msgid or its error. */
export function Recipients({ id }: { id: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<number>();
  const [current, setCurrent] = useState(1);
  const [page, setPage] = useState<{ records: Recipient[]; total: number }>();
  useEffect(() => {
    let live = true;
    setPage(undefined);
    api()
      .recipients({ id, current, size: PAGE, ...(status === undefined ? {} : { status }) })
      .then(
        (answer) => live && setPage({ records: answer.records, total: answer.total }),
        () => live && setPage({ records: [], total: 0 }),
      );
    return () => {
      live = false;
    };
  }, [id, current, status]);

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <Typography.Text strong>{t('wx.recipients')}</Typography.Text>
        <Select
          allowClear
          placeholder={t('wx.allStates')}
          aria-label={t('wx.status')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setCurrent(1);
          }}
          style={{ width: 160 }}
          options={[0, 1, 2, 3].map((value) => ({ value, label: t(`wx.recipientState${value}`) }))}
        />
      </Flex>
      <Table<Recipient>
        size="small"
        rowKey="id"
        loading={!page}
        dataSource={page?.records ?? []}
        locale={{ emptyText: t('wx.noRecipients') }}
        scroll={{ x: 'max-content' }}
        pagination={{ current, pageSize: PAGE, total: page?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        data-testid="wx-recipient-table"
        columns={[
          { title: t('wx.openId'), dataIndex: 'openId' },
          {
            title: t('wx.status'),
            dataIndex: 'status',
            // Named here in the screen's language (the answer's statusName is the server's own wording).
            render: (status: number, r) => (
              <Tag color={STATUS_COLOURS[status] ?? 'default'}>
                {status in STATUS_COLOURS ? t(`wx.recipientState${status}`) : r.statusName}
              </Tag>
            ),
          },
          { title: t('wx.msgId'), dataIndex: 'msgId' },
          {
            title: t('wx.error'),
            key: 'error',
            render: (_: unknown, r) => (r.errcode ? <Typography.Text type="danger">{`${r.errcode}: ${r.errmsg}`}</Typography.Text> : ''),
          },
          { title: t('wx.attempts'), dataIndex: 'attempts' },
          { title: t('wx.sentTime'), dataIndex: 'sentTime', render: (value: string) => localTime(value) },
        ]}
      />
    </Flex>
  );
}
