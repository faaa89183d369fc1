import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { FieldList } from '../components/field-list.js';
import { useCapture } from '../core/capture.js';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import type { FieldSpec } from '../core/view-specs.js';
import { fit, oneLine } from '../core/width.js';
import { PasswordChange } from './password-change.js';

type Profile = Record<string, unknown>;
const EDITABLE = ['realName', 'name', 'phone', 'email'] as const;

/** The signed-in user's own profile: read, edit (name, nickname, phone, email) and password change. */
export function ProfileScreen({ active, width }: { active: boolean; width: number }) {
  const { client, run, notify } = useConsole();
  const { t, lang } = useLang();
  const [profile, setProfile] = useState<Profile>();
  const [mode, setMode] = useState<'view' | 'edit' | 'password'>('view');
  const [values, setValues] = useState<Record<string, string>>({});
  const [tick, setTick] = useState(0);
  useCapture(active && mode !== 'view');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` reloads
  useEffect(() => {
    void run(() => client.user.user.info()).then((info) => info && setProfile(info as unknown as Profile));
  }, [client, run, tick]);

  useInput(
    (input) => {
      if (input === 'e' && profile) {
        setValues(Object.fromEntries(EDITABLE.map((prop) => [prop, oneLine(profile[prop])])));
        setMode('edit');
      }
      if (input === 'w') setMode('password');
    },
    { isActive: active && mode === 'view' },
  );

  const labels = client.user.user.def.view.columns;
  const labelOf = (prop: string) =>
    prop === 'tenantId' ? t('tenant') : (labels.find((c) => c.prop === prop.replace(/Name$/, 'Id'))?.label[lang === 'en' ? 1 : 0] ?? prop);
  if (mode === 'password')
    return <PasswordChange forced={false} active={active} onDone={() => setMode('view')} onCancel={() => setMode('view')} />;
  if (mode === 'edit') {
    const fields: FieldSpec[] = EDITABLE.map((prop) => ({ prop, label: labelOf(prop), kind: 'text' }));
    return (
      <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
        <Text bold color="cyan">{`${t('profile')} · ${t('edit')}`}</Text>
        <FieldList
          fields={fields}
          values={values}
          setValues={setValues}
          active={active}
          width={width - 4}
          onCancel={() => setMode('view')}
          onSubmit={(typed) =>
            void run(() => client.user.user.updateInfo(typed as { phone: string })).then((done) => {
              if (done === undefined) return;
              notify(t('saved'));
              setMode('view');
              setTick((n) => n + 1);
            })
          }
        />
        <Text dimColor>{t('formHint')}</Text>
      </Box>
    );
  }
  const shown = ['account', 'realName', 'name', 'phone', 'email', 'tenantId', 'roleName', 'deptName', 'postName'];
  return (
    <Box flexDirection="column">
      <Text bold color="cyan">
        {t('profile')}
      </Text>
      {profile ? (
        shown.map((prop) => (
          <Text key={prop} wrap="truncate">
            <Text dimColor>{fit(labelOf(prop), 14)}</Text>
            {oneLine(profile[prop])}
          </Text>
        ))
      ) : (
        <Text dimColor>{t('loading')}</Text>
      )}
      <Text dimColor>{t('profileKeys')}</Text>
    </Box>
  );
}
