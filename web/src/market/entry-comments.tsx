import { COMMENT_MAX, type MarketCommentRow, type Page } from '@sso/shared-api';
import { Button, Card, Input, List, Pagination } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../api/feedback.js';
import { marketApi } from './market-api.js';

const SIZE = 10;

/**
 * An entry's comments, newest first, and a box to add one. Comments are plain text shown as React
 * text: whatever markup someone typed is displayed, never interpreted.
 */
export function EntryComments({ entryId, onPosted }: { entryId: string; onPosted: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page<MarketCommentRow>>();
  const [current, setCurrent] = useState(1);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);

  const load = useCallback((to: number) => marketApi.comments(entryId, to, SIZE).then(setPage), [entryId]);
  useEffect(() => {
    // A failed read has shown its message (the client does): the list stays as it was.
    load(current).catch(() => undefined);
  }, [load, current]);

  const send = async () => {
    setSending(true);
    try {
      await marketApi.comment(entryId, text);
      setText('');
      feedback.message.success(t('market.sent'));
      onPosted();
      if (current === 1) await load(1);
      else setCurrent(1);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card size="small" title={`${t('market.comments')} (${page?.total ?? 0})`} data-testid="market-comments">
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={COMMENT_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('market.commentPlaceholder')}
        aria-label={t('market.commentPlaceholder')}
        data-testid="comment-input"
      />
      <Button
        type="primary"
        style={{ marginTop: 8 }}
        disabled={!text.trim()}
        loading={sending}
        onClick={() => void send()}
        data-testid="comment-send"
      >
        {t('market.send')}
      </Button>
      <List
        style={{ marginTop: 8 }}
        dataSource={page?.records ?? []}
        locale={{ emptyText: t('market.noComments') }}
        renderItem={(comment) => (
          <List.Item key={comment.id} data-testid="market-comment">
            <List.Item.Meta
              title={
                <span>
                  <span className="sso-data">{comment.userName}</span> <small style={{ color: '#8c8c8c' }}>{comment.createTime}</small>
                </span>
              }
              description={<div className="sso-market-comment sso-data">{comment.content}</div>}
            />
          </List.Item>
        )}
      />
      {page && page.total > SIZE && (
        <Pagination size="small" simple current={current} pageSize={SIZE} total={page.total} onChange={setCurrent} />
      )}
    </Card>
  );
}
