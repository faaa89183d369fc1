import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../shared/shown-once-dialog.js';
import './strings.js';

export interface Secret {
  clientId: string;
  clientSecret: string;
}

/**
 * The secret of a new client (or a regenerated one): the server answers it once and keeps only
 * its hash, so this dialog is the only place it is ever shown.
 */
export function SecretDialog({ secret, onClose }: { secret?: Secret; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = secret && {
    title: t('tenantScreen.secretTitle'),
    warning: t('tenantScreen.secretWarning'),
    rows: [[t('tenantScreen.clientId'), secret.clientId]] as [string, string][],
    secretLabel: t('tenantScreen.clientSecret'),
    secret: secret.clientSecret,
    testId: 'client-secret',
    copyLabel: t('tenantScreen.copy'),
    copyFailed: t('tenantScreen.copyFailed'),
  };
  return <ShownOnceDialog shown={shown} width={560} onClose={onClose} />;
}
