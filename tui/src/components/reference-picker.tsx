import { type Reference, type ReferenceChoice, searchReference } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import { useConsole } from '../core/console.js';
import { useLang } from '../core/i18n.js';
import { windowAround } from '../core/tree.js';
import { useRefState } from '../core/use-ref-state.js';
import { fit } from '../core/width.js';
import { editText } from './text-input.js';

interface ReferencePickerProps {
  title: string;
  reference: Reference;
  active: boolean;
  width: number;
  height: number;
  onDone: (choice: ReferenceChoice | undefined) => void;
  onCancel: () => void;
}

/**
 * The rows of another resource to pick one from by name (a role's application): typing searches
 * the server, as the web's picker does, ↑/↓ move, Enter picks, Esc cancels. Keys are never typed.
 */
export function ReferencePicker({ title, reference, active, width, height, onDone, onCancel }: ReferencePickerProps) {
  const { client, run } = useConsole();
  const { t } = useLang();
  const [typed, setTyped, typedRef] = useRefState('');
  const [choices, setChoices, choicesRef] = useRefState<readonly ReferenceChoice[] | undefined>(undefined);
  const [cursor, setCursor, cursorRef] = useRefState(0);
  const [searched, setSearched] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a search per typed text (run and the setters are stable in use)
  useEffect(() => {
    let live = true;
    void run(() => searchReference(client, reference, typed)).then((found) => {
      if (!live) return;
      setChoices(found ?? []);
      setCursor(0);
      setSearched(typed);
    });
    return () => {
      live = false;
    };
  }, [typed, reference, client]);

  useInput(
    (input, key) => {
      const list = choicesRef.current ?? [];
      if (key.escape) return onCancel();
      if (key.return) return onDone(list[Math.min(cursorRef.current, list.length - 1)]);
      if (key.upArrow) return setCursor(Math.max(0, cursorRef.current - 1));
      if (key.downArrow) return setCursor(Math.min(Math.max(0, list.length - 1), cursorRef.current + 1));
      const edited = editText(typedRef.current, input, key);
      if (edited !== undefined) setTyped(edited);
    },
    { isActive: active },
  );

  const list = choices ?? [];
  const at = Math.min(cursor, Math.max(0, list.length - 1));
  const shown = windowAround(list, at, Math.max(3, height - 4));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="magenta" paddingX={1} width={width}>
      <Text bold color="magenta">
        {title}
      </Text>
      <Text wrap="truncate">{fit(`${t('referenceSearch')}: ${typed}▏`, width - 4)}</Text>
      {choices === undefined ? <Text dimColor>{t('loading')}</Text> : null}
      {choices !== undefined && !list.length ? <Text dimColor>{t('referenceNone', { text: searched })}</Text> : null}
      {shown.items.map((choice, i) => (
        <Text key={choice.value} inverse={shown.start + i === at} wrap="truncate">
          {fit(choice.label, width - 4)}
        </Text>
      ))}
      <Text dimColor wrap="truncate">
        {t('referenceHint')}
      </Text>
    </Box>
  );
}
