import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '../shared/shown-once-dialog.js';
import './strings.js';

/** A SCIM token just minted: for which application, and the token itself. */
export interface ScimToken {
  appCode: string;
  token: string;
}

/** Where downstream applications reach the platform's SCIM service. */
const scimAddress = () => `${window.location.origin}/scim/v2`;

/**
 * The SCIM token of an application, answered once by the server (which keeps only its hash):
 * this dialog is the only place it is ever shown, with the address the application calls.
 */
export function ScimTokenDialog({ token, onClose }: { token?: ScimToken; onClose: () => void }) {
  const { t } = useTranslation();
  const shown = token && {
    title: t('apsScreen.scimTitle'),
    warning: t('apsScreen.scimWarning'),
    rows: [
      [t('apsScreen.appCode'), token.appCode],
      [t('apsScreen.scimAddress'), scimAddress()],
    ] as [string, string][],
    secretLabel: t('apsScreen.scimTokenLabel'),
    secret: token.token,
    testId: 'scim-token',
    copyLabel: t('apsScreen.scimCopy'),
    copyFailed: t('apsScreen.scimCopyFailed'),
  };
  return <ShownOnceDialog shown={shown} width={600} onClose={onClose} />;
}
