import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { CrudContext } from '../../crud/crud-page.js';
import { useStore } from '../../lib/store.js';
import { userStore } from '../../session/user-store.js';
import { datedName, saveFile } from '../shared/download.js';
import type { Filters } from './user-api.js';

export interface UserToolbarProps {
  ctx: CrudContext;
  /** The filters of the list shown: what export sends. */
  filters: () => Filters;
  onGrant: (userIds: string[]) => void;
  onImport: () => void;
}

/** A confirmed action on the selected users: POST <extra>?userIds=. */
type UserIdsAction = 'resetPassword' | 'unlock' | 'oneClickModify' | 'oneClickCancel' | 'resetSecondFactor' | 'enable' | 'disable';

/**
 * The users' own toolbar buttons, each shown only with its menu button
 * (user_role, user_reset, user_unlock, user_edit, user_import, user_export); the server checks again.
 * Enable / disable (with user_edit) bring back or stop accounts a directory, the dormancy rule or
 * an administrator disabled.
 * One-click modify / cancel (require or withdraw a password change at the next sign-in) and the
 * second-factor reset come with user_reset, the button the server guards them by.
 */
export function UserToolbar({ ctx, filters, onGrant, onImport }: UserToolbarProps) {
  const { t } = useTranslation();
  const permissions = useStore(userStore, (s) => s.permissions);
  const holds = (code: string) => permissions[code] === true;

  /** The selected ids, or a warning and undefined when nothing is ticked. */
  const selection = (): string[] | undefined => {
    if (ctx.selected.length) return ctx.selected;
    feedback.message.warning(t('crud.selectOne'));
    return undefined;
  };

  const confirmed = (action: UserIdsAction, question: string) => () => {
    const userIds = selection();
    if (!userIds) return;
    feedback.modal.confirm({
      title: t('common.tip'),
      content: question,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await client.user.user[action](undefined, { userIds: userIds.join(',') });
        feedback.message.success(t('common.success'));
        await ctx.reload();
      },
    });
  };

  const exportUsers = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('userScreen.exportConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        saveFile(await client.user.user.exportUser(exportQuery(filters())), datedName(t('userScreen.exportFile')));
      },
    });

  const grant = () => {
    const userIds = selection();
    if (userIds) onGrant(userIds);
  };

  // A Space of its own: the page's Space takes this fragment as one item.
  return (
    <Space>
      {holds('user_role') && <Button onClick={grant}>{t('userScreen.grant')}</Button>}
      {holds('user_reset') && <Button onClick={confirmed('resetPassword', t('userScreen.resetConfirm'))}>{t('userScreen.reset')}</Button>}
      {holds('user_reset') && (
        <Button onClick={confirmed('oneClickModify', t('userScreen.oneClickModifyConfirm'))}>{t('userScreen.oneClickModify')}</Button>
      )}
      {holds('user_reset') && (
        <Button onClick={confirmed('oneClickCancel', t('userScreen.oneClickCancelConfirm'))}>{t('userScreen.oneClickCancel')}</Button>
      )}
      {holds('user_reset') && (
        <Button onClick={confirmed('resetSecondFactor', t('userScreen.resetSecondFactorConfirm'))}>
          {t('userScreen.resetSecondFactor')}
        </Button>
      )}
      {holds('user_unlock') && <Button onClick={confirmed('unlock', t('userScreen.unlockConfirm'))}>{t('userScreen.unlock')}</Button>}
      {holds('user_edit') && <Button onClick={confirmed('enable', t('userScreen.enableConfirm'))}>{t('userScreen.enable')}</Button>}
      {holds('user_edit') && <Button onClick={confirmed('disable', t('userScreen.disableConfirm'))}>{t('userScreen.disable')}</Button>}
      {holds('user_import') && <Button onClick={onImport}>{t('userScreen.import')}</Button>}
      {holds('user_export') && <Button onClick={exportUsers}>{t('userScreen.export')}</Button>}
    </Space>
  );
}

/** The list filters export-user accepts (its query schema), the empty ones left out. */
const EXPORT_FILTERS = ['account', 'realName', 'name', 'phone', 'code', 'deptId'] as const;
export function exportQuery(filters: Filters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of EXPORT_FILTERS) {
    const value = filters[name];
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}
