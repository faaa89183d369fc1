import { theme } from 'antd';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export type SignInMethod = 'account' | 'phone';
const METHODS: readonly SignInMethod[] = ['account', 'phone'];

/**
 * The sign-in methods as a WAI-ARIA tab list: plain buttons (antd's Tabs would add ~13 KB to the
 * sign-in page), arrow keys, Home and End move between them, Tab enters the panel.
 */
export function SignInTabs({ method, onChange }: { method: SignInMethod; onChange: (method: SignInMethod) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const refs = useRef<Record<SignInMethod, HTMLButtonElement | null>>({ account: null, phone: null });
  const move = (event: KeyboardEvent) => {
    const index = METHODS.indexOf(method);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? METHODS[(index + 1) % METHODS.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? METHODS[(index + METHODS.length - 1) % METHODS.length]
          : event.key === 'Home'
            ? METHODS[0]
            : event.key === 'End'
              ? METHODS[METHODS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('signIn.methods')} onKeyDown={move} style={{ display: 'flex', gap: 4, marginBottom: 16 }}>
      {METHODS.map((m) => {
        const selected = m === method;
        return (
          <button
            key={m}
            ref={(el) => {
              refs.current[m] = el;
            }}
            type="button"
            role="tab"
            id={`login-tab-${m}`}
            aria-selected={selected}
            aria-controls={`login-panel-${m}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(m)}
            style={{
              flex: 1,
              padding: '8px 0',
              border: 'none',
              borderBottom: `2px solid ${selected ? token.colorPrimary : token.colorBorderSecondary}`,
              background: 'none',
              color: selected ? token.colorPrimary : token.colorText,
              fontSize: 15,
              cursor: 'pointer',
            }}
          >
            {t(m === 'account' ? 'signIn.accountTab' : 'signIn.phoneTab')}
          </button>
        );
      })}
    </div>
  );
}
