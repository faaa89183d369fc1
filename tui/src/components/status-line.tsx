import { Box, Text } from 'ink';
import type { Notice } from '../core/console.js';
import { useLang } from '../core/i18n.js';

interface StatusLineProps {
  user: string;
  tenant: string;
  role: string;
  server: string;
  width: number;
}

/** Who is signed in where: user, tenant, role, server and language, on one line. */
export function StatusLine({ user, tenant, role, server, width }: StatusLineProps) {
  const { lang, t } = useLang();
  return (
    <Box width={width}>
      <Text inverse wrap="truncate">
        {` ${t('title')} │ ${user} │ ${t('tenant')} ${tenant} │ ${t('role')} ${role} │ ${server} │ ${lang === 'en' ? 'English' : '中文'} `.padEnd(
          width,
        )}
      </Text>
    </Box>
  );
}

/** The status area: the last message (errors in red) or the connection being retried. */
export function NoticeLine({ notice, offline }: { notice?: Notice; offline?: number }) {
  const { t } = useLang();
  if (offline !== undefined)
    return (
      <Text color="yellow" wrap="truncate">
        {t('offline', { s: offline })}
      </Text>
    );
  if (!notice) return <Text> </Text>;
  return (
    <Text color={notice.kind === 'error' ? 'red' : 'green'} wrap="truncate">
      {notice.text}
    </Text>
  );
}
