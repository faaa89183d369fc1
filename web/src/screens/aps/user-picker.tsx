import { Card, Flex, Input, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import { DeptTree } from '../user/dept-tree.js';
import '../user/strings.js';
import { useUserTrees } from '../user/use-trees.js';
import { defs, listPage } from './authz-api.js';
import './authz-strings.js';

export interface UserPickerProps {
  value?: Row;
  onChange: (user: Row) => void;
}

/** Typing waits this long for the next key before the server is asked. */
export const SEARCH_DELAY_MS = 300;

interface Found {
  users: Row[];
  /** More users match than one page shows: typing narrows them. */
  more: boolean;
}

/**
 * The users of the department (and below) whose account or name holds the text, from the
 * server: the account's matches first, then the names' (two filters, as the list ANDs its filters).
 */
async function findUsers(deptId: string | undefined, text: string): Promise<Found> {
  if (!text) {
    const { records, total } = await listPage(defs.user, { deptId });
    return { users: records, more: total > records.length };
  }
  const [byAccount, byName] = await Promise.all([
    listPage(defs.user, { deptId, account: text }),
    listPage(defs.user, { deptId, realName: text }),
  ]);
  const seen = new Set(byAccount.records.map((user) => String(user.id)));
  const users = [...byAccount.records, ...byName.records.filter((user) => !seen.has(String(user.id)))];
  return { users, more: byAccount.total > byAccount.records.length || byName.total > byName.records.length };
}

/**
 * The user a grant is for: the department tree narrows the list of users, the text their account
 * or name. The server is searched as the user types (after a pause of SEARCH_DELAY_MS), so a user
 * past the first page of 200 is found by typing; the list says when more match than it shows.
 */
export function UserPicker({ value, onChange }: UserPickerProps) {
  const { t } = useTranslation();
  const trees = useUserTrees();
  const [deptId, setDeptId] = useState<string>();
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>();

  // The typed text is searched once typing pauses; Enter or the search button search at once.
  useEffect(() => {
    const timer = setTimeout(() => setText(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    let live = true;
    findUsers(deptId, text).then(
      (result) => live && setFound(result),
      () => live && setFound({ users: [], more: false }), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [deptId, text]);
  const users = found?.users;

  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <DeptTree depts={trees.depts} selected={deptId} onSelect={setDeptId} />
      <Card size="small" title={t('authzScreen.userList')}>
        <Input.Search
          allowClear
          placeholder={t('authzScreen.pickUser')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => setText(value.trim())}
          data-testid="grant-user-search"
        />
        {found?.more ? (
          <Typography.Text type="secondary" data-testid="grant-user-more">
            {t('authzScreen.moreUsers', { count: found.users.length })}
          </Typography.Text>
        ) : null}
        <List
          size="small"
          loading={!users}
          dataSource={users ?? []}
          style={{ maxHeight: 320, overflow: 'auto' }}
          data-testid="grant-user-list"
          renderItem={(user) => (
            <List.Item
              onClick={() => onChange(user)}
              style={{ cursor: 'pointer', background: value?.id === user.id ? 'rgba(22,119,255,0.1)' : undefined }}
            >
              <span style={{ overflowWrap: 'anywhere' }}>{`${String(user.realName ?? '')} (${String(user.account)})`}</span>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}
