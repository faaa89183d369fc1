import type { ResourceDef } from '@sso/shared-api';
import { Descriptions, Drawer, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { crudApi, type Row } from '../../crud/crud-api.js';
import './log-strings.js';

/** Fields long enough to need monospace and wrapping (JSON, stacks, user agents). */
const LONG_FIELDS = new Set(['params', 'stackTrace', 'userAgent', 'logData', 'message', 'methodClass', 'requestUri']);
/** Book-keeping columns not worth a line. */
const SKIPPED = new Set(['isDeleted', 'status', 'updateUser', 'createDept']);

export interface LogDrawerProps {
  def: ResourceDef;
  /** The row picked in the list; the drawer loads its detail. */
  row?: Row;
  onClose: () => void;
}

/** One log entry, every recorded field: the view's columns first, then whatever else it holds. */
export function LogDrawer({ def, row, onClose }: LogDrawerProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 1 : 0;
  const [detail, setDetail] = useState<Row>();

  useEffect(() => {
    setDetail(undefined);
    if (!row) return;
    let live = true;
    crudApi(client, def)
      .detail(String(row.id))
      .then(
        (loaded) => live && setDetail(loaded ?? row),
        () => live && setDetail(row), // toasted; the list's copy is still worth showing
      );
    return () => {
      live = false;
    };
  }, [def, row]);

  const labelled = new Map(def.view.columns.map((c) => [c.prop, c.label[lang]]));
  const keys = detail
    ? [...labelled.keys(), ...Object.keys(detail).filter((k) => !labelled.has(k) && !SKIPPED.has(k))].filter((k) => k in detail)
    : [];

  return (
    <Drawer title={t('logScreen.detail')} open={Boolean(row)} onClose={onClose} width={720} destroyOnHidden>
      {!detail ? (
        <Spin />
      ) : (
        <Descriptions column={1} size="small" bordered data-testid="log-detail">
          {keys.map((key) => (
            <Descriptions.Item key={key} label={labelled.get(key) ?? t(`logScreen.${key}`, { defaultValue: key })}>
              <FieldValue name={key} value={detail[key]} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  );
}

function FieldValue({ name, value }: { name: string; value: unknown }) {
  const text = value === null || value === undefined ? '' : String(value);
  if (!LONG_FIELDS.has(name)) return <>{text}</>;
  return (
    <pre data-field={name} style={{ margin: 0, fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {text}
    </pre>
  );
}
