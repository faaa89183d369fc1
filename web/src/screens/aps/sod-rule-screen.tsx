import { Button } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import type { ScreenProps } from '../screen-props.js';
import { defs } from './authz-api.js';
import './authz-strings.js';
import { ConflictReport } from './conflict-report.js';
import { SodRuleDialog } from './sod-rule-dialog.js';

/**
 * /abs/appincompatiblerule (不相容规则): the rules in the generic table; adding and editing go
 * through the rule editor (application roles picked by name across applications), and after a
 * save, or from a row, the conflict report lists who already breaks the rule.
 */
export default function SodRuleScreen({ menu, def }: ScreenProps) {
  const { t } = useTranslation();
  const base = def ?? defs.rule;
  // The generic dialogs would ask for the roles as typed ids: the editor below replaces them.
  const page = useMemo(() => ({ ...base, view: { ...base.view, actions: { ...base.view.actions, add: false, edit: false } } }), [base]);
  const permissions = useStore(userStore, (s) => s.permissions);
  const [editing, setEditing] = useState<Row>();
  const [reportOf, setReportOf] = useState<Row>();
  const ctx = useRef<CrudContext>(undefined);
  const closeReport = useCallback(() => setReportOf(undefined), []);
  const closeEditor = useCallback(() => setEditing(undefined), []);

  const saved = (rule: Row) => {
    setEditing(undefined);
    void ctx.current?.reload();
    setReportOf(rule);
  };

  return (
    <>
      <CrudPage
        def={page}
        title={menu?.name}
        toolbar={(current) => {
          ctx.current = current;
          return permissions.appincompatiblerule_add === true ? (
            <Button type="primary" onClick={() => setEditing({})} data-testid="new-sod-rule">
              {t('authzScreen.newRule')}
            </Button>
          ) : null;
        }}
        rowActions={(row) => (
          <>
            {permissions.appincompatiblerule_edit === true ? (
              <Button type="link" size="small" onClick={() => setEditing(row)}>
                {t('crud.edit')}
              </Button>
            ) : null}
            <Button type="link" size="small" onClick={() => setReportOf(row)}>
              {t('authzScreen.conflictReport')}
            </Button>
          </>
        )}
      />
      <SodRuleDialog rule={editing} onClose={closeEditor} onSaved={saved} />
      <ConflictReport rule={reportOf} onClose={closeReport} />
    </>
  );
}
