import type { DictRow, ResourceDef } from '@sso/shared-api';
import { Button, Card, Col, Empty, Flex, Row as Grid, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { CrudApi, Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import { dictValueIn } from '../../crud/use-dict.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import { dictChildApi, dictParentApi } from './dict-api.js';
import { childDef, parentDef } from './dict-defs.js';
import './dict-strings.js';

/** Where a dictionary's entries show: a dialog (the menu screens), beside the list or below it. */
export type DictLayout = 'dialog' | 'horizontal' | 'vertical';

export interface DictScreenProps {
  /** The system dictionary or the business dictionary. */
  def: ResourceDef;
  layout: DictLayout;
  title?: string;
}

/** isSealed defaults to 0 (not sealed). */
const PARENT_PRESETS = { isSealed: 0 };
/** A child's code is its parent's: the server keeps it so, the form shows it fixed. */
const CHILD_LOCKED = ['code'];

/** The entries of one dictionary: new ones start under it, with its code. */
function DictEntries({ def, parent, title }: { def: ResourceDef; parent: Row; title: string }) {
  const entries = useMemo(() => childDef(def), [def]);
  const api = useMemo(() => dictChildApi(client, def, parent), [def, parent]);
  const presets = useMemo(() => ({ parentId: String(parent.id), code: parent.code, isSealed: 0 }), [parent]);
  return <CrudPage def={entries} title={title} api={api} addValues={presets} lockedFields={CHILD_LOCKED} formName="dict-entries" />;
}

/**
 * The dictionary screen of BladeX: the list of dictionaries (parent entries) and, once a
 * dictionary's 字典配置 is clicked, the table of its entries, laid out as `layout` says.
 */
export function DictScreen({ def, layout, title }: DictScreenProps) {
  const { t, i18n } = useTranslation();
  const [parent, setParent] = useState<Row>();
  const parents = useMemo(() => parentDef(def), [def]);
  // The chosen dictionary follows its own edits (a new code moves its entries) and goes when removed.
  const api = useMemo<CrudApi>(() => {
    const base = dictParentApi(client, def);
    return {
      ...base,
      async submit(row) {
        const saved = await base.submit(row);
        setParent((chosen) => (chosen && String(chosen.id) === String(row.id) ? { ...chosen, ...row } : chosen));
        return saved;
      },
      async remove(keys) {
        const done = await base.remove(keys);
        setParent((chosen) => (chosen && keys.includes(String(chosen.id)) ? undefined : chosen));
        return done;
      },
    };
  }, [def]);
  const canConfigure = useStore(userStore, (s) => s.permissions[`${def.permission}_child`] === true);

  // The dictionary is named as its entries are, in the language shown (是否 is yes/no in English).
  const entriesTitle = parent
    ? t('dictScreen.entriesOf', {
        name: dictValueIn(i18n.language, parent as Pick<DictRow, 'dictValue' | 'dictValueEn'>),
        code: parent.code,
      })
    : '';
  const list = (
    <CrudPage
      def={parents}
      title={title}
      api={api}
      addValues={PARENT_PRESETS}
      formName="dict"
      rowActions={
        canConfigure
          ? (row) => (
              <Button type="link" size="small" onClick={() => setParent(row)}>
                {t('dictScreen.configure')}
              </Button>
            )
          : undefined
      }
    />
  );

  if (layout === 'dialog') {
    return (
      <>
        {list}
        <Modal
          title={entriesTitle}
          open={Boolean(parent)}
          width={def.view.dialogWidth ?? 880}
          footer={null}
          onCancel={() => setParent(undefined)}
          destroyOnHidden
        >
          {parent && <DictEntries key={String(parent.id)} def={def} parent={parent} title={t('dictScreen.entries')} />}
        </Modal>
      </>
    );
  }

  const entries = parent ? (
    <DictEntries key={String(parent.id)} def={def} parent={parent} title={entriesTitle} />
  ) : (
    <Card size="small" title={t('dictScreen.entries')}>
      <Empty description={t('dictScreen.choose')} />
    </Card>
  );
  if (layout === 'horizontal') {
    return (
      <Grid gutter={12} data-testid="dict-horizontal">
        <Col xs={24} lg={12} data-testid="dict-list">
          {list}
        </Col>
        <Col xs={24} lg={12} data-testid="dict-entries">
          {entries}
        </Col>
      </Grid>
    );
  }
  return (
    <Flex vertical gap={12} data-testid="dict-vertical">
      <div data-testid="dict-list">{list}</div>
      <div data-testid="dict-entries">{entries}</div>
    </Flex>
  );
}
