import { md5, toBase64 } from '@sso/shared-api';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { FieldList } from '../components/field-list.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import type { FieldSpec } from '../core/view-specs.js';

interface PasswordChangeProps {
  /** Shown at first sign-in (the initial password must go) or asked for from the personal info. */
  forced: boolean;
  active: boolean;
  onDone: () => void;
  onCancel: () => void;
}

/** Old password, new password twice; the server checks the password policy and answers its rule. */
export function PasswordChange({ forced, active, onDone, onCancel }: PasswordChangeProps) {
  const { client, run, notify } = useConsole();
  const { t } = useLang();
  const [values, setValues] = useState<Record<string, string>>({ oldPassword: '', newPassword: '', newPassword1: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields: FieldSpec[] = [
    { prop: 'oldPassword', label: t('oldPassword'), kind: 'password', required: true },
    { prop: 'newPassword', label: t('newPassword'), kind: 'password', required: true },
    { prop: 'newPassword1', label: t('newPassword1'), kind: 'password', required: true },
  ];
  const submit = async (values: Record<string, string>) => {
    const found: Record<string, string> = Object.fromEntries(fields.filter((f) => !values[f.prop]).map((f) => [f.prop, t('required')]));
    if (!found.newPassword1 && values.newPassword !== values.newPassword1) found.newPassword1 = t('passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length) return;
    const done = await run(async () => {
      await client.user.user.updatePassword({
        oldPassword: md5(values.oldPassword),
        newPassword: md5(values.newPassword),
        newPassword1: md5(values.newPassword1),
        passwordBase64: toBase64(values.newPassword),
      });
      // A new token no longer carries the pending change.
      await client.refresh();
      return true;
    });
    if (done) {
      notify(t('passwordChanged'));
      onDone();
    }
  };
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1} width={64}>
      <Text bold color="yellow">
        {forced ? t('mustChange') : t('newPassword')}
      </Text>
      <Box marginY={1}>
        <FieldList
          fields={fields}
          values={values}
          setValues={setValues}
          errors={errors}
          onSubmit={(typed) => void submit(typed)}
          onCancel={onCancel}
          active={active}
          width={60}
        />
      </Box>
      <Text dimColor>{t('formHint')}</Text>
    </Box>
  );
}
