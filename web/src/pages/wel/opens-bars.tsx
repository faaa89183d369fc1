import { Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';

const HEIGHT = 44;

/**
 * Opens per day as small bars, oldest first, each labelled with its day (MM-dd) and its count on
 * hover: plain elements, so the landing page draws them at once and without a chart library.
 */
export function OpensBars({ series, color }: { series: readonly { day: string; count: number }[]; color: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const highest = Math.max(1, ...series.map((d) => d.count));
  return (
    <div data-testid="opens-bars" style={{ display: 'flex', gap: 4, alignItems: 'flex-end', height: HEIGHT + 16 }}>
      {series.map((d) => {
        const label = t('landing.opensOn', { day: d.day, count: d.count });
        return (
          <Tooltip key={d.day} title={label}>
            <div role="img" aria-label={label} style={{ flex: 1, textAlign: 'center', fontSize: 10, color: token.colorTextTertiary }}>
              <div
                style={{
                  height: Math.max(2, Math.round((d.count / highest) * HEIGHT)),
                  background: d.count ? color : token.colorFillSecondary,
                  borderRadius: token.borderRadiusXS,
                }}
              />
              {d.day.slice(5)}
            </div>
          </Tooltip>
        );
      })}
    </div>
  );
}
