import { Box, Text, useInput } from 'ink';
import { useLang } from '../core/i18n.js';

/** The keys of the console, by where they work; any key closes it. */
export function HelpPanel({ active, onClose }: { active: boolean; onClose: () => void }) {
  const { t } = useLang();
  useInput(() => onClose(), { isActive: active });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="green" paddingX={1}>
      <Text bold color="green">
        {t('help')}
      </Text>
      <Text wrap="wrap">{t('shellKeys')}</Text>
      <Text wrap="wrap">{`${t('listKeys')} · ${t('editKeys')}`}</Text>
      <Text wrap="wrap">{t('treeKeys')}</Text>
      <Text wrap="wrap">{t('filterHelp')}</Text>
      <Text wrap="wrap">{t('rawHelp')}</Text>
      <Text wrap="wrap">{t('refreshHelp')}</Text>
      <Text wrap="wrap">{t('formHint')}</Text>
      <Text wrap="wrap">{t('userKeys')}</Text>
      <Text wrap="wrap">{t('profileKeys')}</Text>
      <Text dimColor>{t('helpClose')}</Text>
    </Box>
  );
}
