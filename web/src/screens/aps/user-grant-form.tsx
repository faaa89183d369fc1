import { Alert, Button, Flex, Input, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import { AppPicker } from './app-picker.js';
import { appMenuTree, asCheckTree, type CheckNode, callExtra, defs, listAllRows } from './authz-api.js';
import './authz-strings.js';

/** What a direct grant screen grants: the resource, the field it names and the label of that field. */
export type GrantKind = 'role' | 'menu' | 'function';
const FIELD: Record<GrantKind, string> = { role: 'appRoleId', menu: 'menuId', function: 'functionId' };
const DEF = { role: defs.userRole, menu: defs.userMenu, function: defs.userFunction };
export const kindOfResource = (name: string | undefined): GrantKind =>
  name === 'userauthorizedmenu' ? 'menu' : name === 'userauthorizedfunction' ? 'function' : 'role';

interface Option {
  value: string;
  label: string;
}

/** What may be granted in the application: its roles, its menu tree or its function codes. */
function useChoices(kind: GrantKind, appId: string | undefined) {
  const [options, setOptions] = useState<Option[]>([]);
  const [tree, setTree] = useState<CheckNode[]>([]);
  useEffect(() => {
    setOptions([]);
    setTree([]);
    if (!appId) return;
    let live = true;
    const failed = () => undefined; // toasted by the response handler
    if (kind === 'menu') appMenuTree(appId).then((nodes) => live && setTree(asCheckTree(nodes)), failed);
    else
      listAllRows(kind === 'role' ? defs.appRole : defs.appMenuFunction, { appId }).then(
        (rows) =>
          live &&
          setOptions(
            rows.map((row) => ({
              value: String(row.id),
              label:
                kind === 'role'
                  ? `${String(row.roleName)} (${String(row.roleAlias)})`
                  : `${String(row.functionName)} (${String(row.functionCode)})`,
            })),
          ),
        failed,
      );
    return () => {
      live = false;
    };
  }, [kind, appId]);
  return { options, tree };
}

export interface UserGrantFormProps {
  kind: GrantKind;
  user: Row;
  onGranted: () => void;
}

/**
 * Grants one application role, menu or function to the picked user through the checked grant
 * path: a grant that breaks a separation-of-duties rule is refused and the server's message,
 * naming the conflicting roles, stays shown above the form.
 */
export function UserGrantForm({ kind, user, onGranted }: UserGrantFormProps) {
  const { t } = useTranslation();
  const [appId, setAppId] = useState<string>();
  const [target, setTarget] = useState<string>();
  const [expireTime, setExpireTime] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const choices = useChoices(kind, appId);

  const pickApp = (id: string | undefined) => {
    setAppId(id);
    setTarget(undefined);
  };

  const grant = async () => {
    if (!appId || !target) return;
    setBusy(true);
    setError(undefined);
    try {
      await callExtra(DEF[kind], 'submit', { userId: String(user.id), appId, [FIELD[kind]]: target, expireTime, reason });
      feedback.message.success(t('authzScreen.granted'));
      setTarget(undefined);
      onGranted();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const label = t(`authzScreen.${kind}`);
  return (
    <Flex vertical gap={8} data-testid="user-grant-form">
      {error ? <Alert type="error" showIcon title={t('authzScreen.refused')} description={error} data-testid="grant-refused" /> : null}
      <AppPicker value={appId} onChange={pickApp} testId="user-grant-app" />
      {kind === 'menu' ? (
        <TreeSelect
          value={target}
          onChange={setTarget}
          treeData={choices.tree.map(function toSelect(node): object {
            return { value: node.key, title: node.title, children: node.children?.map(toSelect) };
          })}
          treeDefaultExpandAll
          placeholder={label}
          disabled={!appId}
          style={{ width: '100%', maxWidth: 420 }}
          data-testid="user-grant-target"
        />
      ) : (
        <Select
          showSearch
          optionFilterProp="label"
          value={target}
          onChange={setTarget}
          options={choices.options}
          placeholder={label}
          disabled={!appId}
          style={{ width: '100%', maxWidth: 420 }}
          data-testid="user-grant-target"
        />
      )}
      <Input
        value={expireTime}
        onChange={(e) => setExpireTime(e.target.value)}
        placeholder={`${t('authzScreen.expireTime')} YYYY-MM-DD`}
        style={{ maxWidth: 420 }}
      />
      <Input value={reason} onChange={(e) => setReason(e.target.value)} placeholder={t('authzScreen.reason')} style={{ maxWidth: 420 }} />
      <div>
        <Button type="primary" disabled={!appId || !target} loading={busy} onClick={() => void grant()}>
          {t('authzScreen.grant')}
        </Button>
      </div>
    </Flex>
  );
}
