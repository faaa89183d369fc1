import { Button, Empty, Flex, List, Modal, Popconfirm, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { callExtra, defs } from './authz-api.js';
import './authz-strings.js';

interface Conflict {
  userId: string;
  account: string;
  realName: string;
  roles: { appRoleId: string; roleName: string; appName: string; via: 'granted' | 'covered' }[];
}

export interface ConflictReportProps {
  /** The rule whose violators are listed; closed when undefined. */
  rule?: Row;
  onClose: () => void;
}

/**
 * The users who break a rule now, with the roles of it they hold; "revoke this role" resolves a
 * conflict through the server's revoke path (logged as resolved) and the report is read again.
 */
export function ConflictReport({ rule, onClose }: ConflictReportProps) {
  const { t } = useTranslation();
  const [conflicts, setConflicts] = useState<Conflict[]>();
  const ruleId = rule ? String(rule.id) : undefined;

  const load = useCallback(async () => {
    if (!ruleId) return;
    try {
      setConflicts(await callExtra<Conflict[]>(defs.rule, 'conflicts', { ruleId }));
    } catch {
      onClose(); // toasted by the response handler
    }
  }, [ruleId, onClose]);

  useEffect(() => {
    setConflicts(undefined);
    void load();
  }, [load]);

  const resolve = async (conflict: Conflict, appRoleId: string) => {
    try {
      await callExtra(defs.rule, 'resolve', { ruleId, userId: conflict.userId, appRoleId });
      feedback.message.success(t('authzScreen.resolved'));
      await load();
    } catch {
      // toasted by the response handler
    }
  };

  return (
    <Modal
      open={Boolean(rule)}
      title={t('authzScreen.conflictTitle', { rule: String(rule?.ruleName ?? '') })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width="min(720px, 96vw)"
    >
      <div data-testid="conflict-report">
        {!conflicts ? (
          <Spin />
        ) : conflicts.length === 0 ? (
          <Empty description={t('authzScreen.noConflicts')} />
        ) : (
          <List
            dataSource={conflicts}
            renderItem={(conflict) => (
              <List.Item>
                <Flex vertical gap={6} style={{ width: '100%', overflowWrap: 'anywhere' }}>
                  <strong>{`${conflict.realName} (${conflict.account})`}</strong>
                  {conflict.roles.map((role) => (
                    <Flex key={role.appRoleId} wrap gap={6} align="center">
                      <span>{`${role.appName} / ${role.roleName}`}</span>
                      <Tag>{t(`authzScreen.via.${role.via}`)}</Tag>
                      {role.via === 'granted' ? (
                        <Popconfirm
                          title={t('authzScreen.resolveConfirm', { user: conflict.account, role: role.roleName })}
                          onConfirm={() => resolve(conflict, role.appRoleId)}
                        >
                          <Button size="small" danger>
                            {t('authzScreen.resolve')}
                          </Button>
                        </Popconfirm>
                      ) : null}
                    </Flex>
                  ))}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </div>
    </Modal>
  );
}
