import type { ResourceDef } from '@sso/shared-api';
import { Box, Text, useInput } from 'ink';
import { labelOf, useLang } from '../core/i18n.js';
import { detailLines } from '../core/resource-view.js';
import type { Row } from '../core/use-list.js';
import { displayWidth, fit, truncate } from '../core/width.js';

interface DetailViewProps {
  def: ResourceDef;
  row: Row;
  active: boolean;
  width: number;
  onClose: () => void;
}

/** Every column of one row, label and value; any key closes it. */
export function DetailView({ def, row, active, width, onClose }: DetailViewProps) {
  const { lang, t } = useLang();
  useInput(() => onClose(), { isActive: active });
  const lines = detailLines(def, row, lang);
  const labelWidth = Math.min(16, Math.max(...lines.map((line) => displayWidth(line.label))) + 1);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold color="cyan">
        {labelOf(lang, def.view.title)} · {t('detail')}
      </Text>
      {lines.map((line) => (
        <Text key={line.label}>
          <Text dimColor>{fit(line.label, labelWidth)}</Text>
          {truncate(line.value, Math.max(8, width - labelWidth - 6))}
        </Text>
      ))}
      <Text dimColor>{t('helpClose')}</Text>
    </Box>
  );
}
