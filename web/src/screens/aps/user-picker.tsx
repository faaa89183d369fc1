import { Card, Flex, Input, List } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import { DeptTree } from '../user/dept-tree.js';
import '../user/strings.js';
import { useUserTrees } from '../user/use-trees.js';
import { defs, listRows } from './authz-api.js';
import './authz-strings.js';

export interface UserPickerProps {
  value?: Row;
  onChange: (user: Row) => void;
}

/** The user a grant is for: the department tree narrows the list of users, the text their account or name. */
export function UserPicker({ value, onChange }: UserPickerProps) {
  const { t } = useTranslation();
  const trees = useUserTrees();
  const [deptId, setDeptId] = useState<string>();
  const [text, setText] = useState('');
  const [users, setUsers] = useState<Row[]>();

  useEffect(() => {
    let live = true;
    const account = text.trim();
    listRows(defs.user, { deptId, ...(account ? { account } : {}) }).then(
      (rows) => live && setUsers(rows),
      () => live && setUsers([]), // toasted by the response handler
    );
    return () => {
      live = false;
    };
  }, [deptId, text]);

  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <DeptTree depts={trees.depts} selected={deptId} onSelect={setDeptId} />
      <Card size="small" title={t('authzScreen.userList')}>
        <Input.Search allowClear placeholder={t('authzScreen.pickUser')} onSearch={setText} data-testid="grant-user-search" />
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
