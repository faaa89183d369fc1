import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

export interface TypeCount {
  appType: string;
  appTypeName: string;
  count: number;
}

interface Props {
  counts: TypeCount[];
  /** The chosen type, '' for all. */
  value: string;
  onChange: (type: string) => void;
}

/**
 * The application types as tabs, "All" first. On a phone they are wider than the screen: the tab
 * bar scrolls sideways on its own (a swipe or the wheel), never the page, shows a shadow on the
 * side that has more tabs and a "…" button listing the hidden ones, and keeps the chosen tab
 * scrolled into view.
 */
export function AppTypeTabs({ counts, value, onChange }: Props) {
  const { t } = useTranslation();
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const items = [
    { key: '', label: `${t('portal.all')} (${total})` },
    ...counts.map((c) => ({
      key: c.appType,
      label: (
        <span>
          <span className="sso-data">{c.appTypeName || c.appType}</span> ({c.count})
        </span>
      ),
    })),
  ];
  return (
    <Tabs className="sso-app-type-tabs" data-testid="app-type-tabs" size="small" activeKey={value} onChange={onChange} items={items} />
  );
}
