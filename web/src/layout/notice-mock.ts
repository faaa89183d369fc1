/**
 * The top-bar notice popover's data: mock data here, and only here, because the platform has no
 * notification feed yet. Tabs mail (1), message (2), notice; loading a page waits 1 s.
 */
export interface NoticeItem {
  img: string;
  title: string;
  subtitle: string;
  tag: string;
  status: number;
}

const avatar = (seed: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="16" fill="#409EFF"/><text x="16" y="21" font-size="14" text-anchor="middle" fill="#fff">${seed}</text></svg>`)}`;

export const noticeTabs: { key: 'mail' | 'message' | 'notice'; items: NoticeItem[] }[] = [
  { key: 'mail', items: [{ img: avatar('邮'), title: '史蒂夫·乔布斯 关注了你', subtitle: '05-08 15:08', tag: '已经开始', status: 0 }] },
  {
    key: 'message',
    items: [
      { img: avatar('消'), title: '斯蒂夫·沃兹尼亚克 关注了你', subtitle: '05-08 15:08', tag: '已经开始', status: 0 },
      { img: avatar('息'), title: '蒂姆·库克 关注了你', subtitle: '05-07 09:00', tag: '未开始', status: 1 },
    ],
  },
  { key: 'notice', items: [] },
];

/** One more page of mock items, after a 1 s delay. */
export function loadMoreNotices(tab: string, page: number): Promise<NoticeItem[]> {
  return new Promise((resolve) =>
    setTimeout(
      () => resolve(page > 2 ? [] : [{ img: avatar('+'), title: `${tab} #${page}`, subtitle: '05-01 10:00', tag: '已完成', status: 2 }]),
      1000,
    ),
  );
}
