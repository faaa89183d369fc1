import type { ColumnView } from '@sso/shared-api';
import { app } from '@sso/shared-api';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { buttonsIn } from '../../test/ui.testkit.js';
import { RedirectUrisInput, redirectEntryProblem } from './redirect-uris-input.js';

const def = app;
const column = def.view.columns.find((c) => c.prop === 'redirectUris') as ColumnView;

/** Holds the field's value as a form would, and shows it. */
function Harness({ initial, seen }: { initial: string; seen: string[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <RedirectUrisInput
      def={def}
      column={column}
      value={value}
      onChange={(next) => {
        seen.push(String(next));
        setValue(next);
      }}
    />
  );
}

const inputs = () => screen.getAllByTestId('redirect-uri') as HTMLInputElement[];

describe('the redirect URI list', () => {
  it('uses the rule the server applies: absolute http(s), no wildcard, fragment, user info or backslash', () => {
    expect(redirectEntryProblem('https://erp.example.com/callback')).toBe(false);
    expect(redirectEntryProblem('http://127.0.0.1:8080/cb')).toBe(false);
    expect(redirectEntryProblem('')).toBe(false);
    for (const bad of [
      'erp.example.com/cb',
      'https://*.example.com/',
      'https://a.example.com/#x',
      'https://u@a.example.com/',
      'https://a.example.com\\cb',
      'javascript:alert(1)',
    ]) {
      expect(redirectEntryProblem(bad)).toBe(true);
    }
  });

  it('refuses a bad entry while it is typed, before the field is left, and keeps the list comma-joined', () => {
    const seen: string[] = [];
    render(<Harness initial="https://erp.example.com/cb" seen={seen} />);
    expect(inputs().map((i) => i.value)).toEqual(['https://erp.example.com/cb']);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByText('添加回调地址'));
    fireEvent.change(inputs()[1] as HTMLInputElement, { target: { value: 'erp.example.com/other' } });
    expect(screen.getByRole('alert').textContent).toContain('不是可登记的回调地址');
    expect(inputs()[1]?.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(inputs()[1] as HTMLInputElement, { target: { value: 'https://erp.example.com/other' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(seen.at(-1)).toBe('https://erp.example.com/cb,https://erp.example.com/other');

    fireEvent.click(buttonsIn(document.body, '删除')[0] as HTMLElement);
    expect(inputs().map((i) => i.value)).toEqual(['https://erp.example.com/other']);
    expect(seen.at(-1)).toBe('https://erp.example.com/other');
  });
});
