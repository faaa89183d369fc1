import { parseRegisteredRedirectUri, splitRedirectUris } from '@sso/shared-api';
import { Button, Flex, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '../../crud/field-renderers.js';
import './strings.js';

/**
 * Whether one typed entry can be registered: the very rule the server applies when it stores the
 * list and when it later decides where a token or code may go, so what is accepted here is
 * accepted there. An empty entry is not yet an error (it is dropped when saving).
 */
export const redirectEntryProblem = (entry: string): boolean => entry.trim() !== '' && !parseRegisteredRedirectUri(entry);

/** The entries as the list is stored: comma-joined, blanks dropped. */
const joined = (entries: string[]) =>
  entries
    .map((entry) => entry.trim())
    .filter(Boolean)
    .join(',');

/**
 * Registered redirect URIs edited as a list, one input each, every entry checked as it is typed;
 * the form keeps the comma-joined text the server stores.
 */
export function RedirectUrisInput({ value, onChange, disabled, id }: FieldInputProps) {
  const { t } = useTranslation();
  const stored = typeof value === 'string' ? value : '';
  const [entries, setEntries] = useState<string[]>(() => {
    const split = splitRedirectUris(stored);
    return split.length ? split : [''];
  });

  // A value set from outside (the form filled with a row) replaces the list; our own edits do not.
  useEffect(() => {
    setEntries((current) => {
      if (joined(current) === stored) return current;
      const split = splitRedirectUris(stored);
      return split.length ? split : [''];
    });
  }, [stored]);

  const update = (next: string[]) => {
    setEntries(next);
    onChange?.(joined(next));
  };

  return (
    <Flex vertical gap={6} id={id} data-testid="redirect-uris">
      {entries.map((entry, index) => {
        const bad = redirectEntryProblem(entry);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their place while typed
          <div key={index}>
            <Flex gap={6}>
              <Input
                value={entry}
                disabled={disabled}
                status={bad ? 'error' : undefined}
                placeholder={t('apsScreen.uriPlaceholder')}
                aria-label={`${t('apsScreen.uriPlaceholder')} ${index + 1}`}
                aria-invalid={bad}
                data-testid="redirect-uri"
                onChange={(e) => update(entries.map((old, i) => (i === index ? e.target.value : old)))}
              />
              <Button
                disabled={disabled || (entries.length === 1 && entry === '')}
                onClick={() => update(entries.length === 1 ? [''] : entries.filter((_, i) => i !== index))}
              >
                {t('apsScreen.removeUri')}
              </Button>
            </Flex>
            {bad && (
              <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
                {t('apsScreen.uriInvalid')}
              </Typography.Text>
            )}
          </div>
        );
      })}
      <Button type="dashed" disabled={disabled} onClick={() => setEntries([...entries, ''])}>
        {t('apsScreen.addUri')}
      </Button>
    </Flex>
  );
}
