import type { AuditorReadRow } from '@sso/shared-api';
import { Button, Drawer, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import './log-strings.js';

/**
 * 审计员查阅记录 / The auditor's reads, above the usual log: every read of the tenant's logs by
 * the audit administrator, newest first. Separation of the three administrators means the auditor
 * is audited too: the system and security administrators read this list, the auditor cannot
 * erase it.
 */
export function AuditorReads() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<AuditorReadRow[]>();
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      setRows((await client.log.security.auditorReads({ limit: 200 })) as AuditorReadRow[]);
    } catch {
      // The client toasts a refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button loading={busy} onClick={() => void open()} data-testid="auditor-reads">
        {t('logScreen.auditorReads')}
      </Button>
      <Drawer open={rows !== undefined} title={t('logScreen.auditorReads')} width={720} onClose={() => setRows(undefined)}>
        <Table<AuditorReadRow>
          rowKey="id"
          size="small"
          dataSource={rows}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: t('logScreen.noAuditorReads') }}
          columns={[
            { title: t('logScreen.readTime'), dataIndex: 'createTime', width: 170 },
            { title: t('logScreen.readAccount'), dataIndex: 'account', width: 120 },
            { title: t('logScreen.readPath'), dataIndex: 'path' },
            { title: t('logScreen.readIp'), dataIndex: 'remoteIp', width: 130 },
          ]}
        />
      </Drawer>
    </>
  );
}
