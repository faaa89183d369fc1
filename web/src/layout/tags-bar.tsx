import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { client } from '../api/client.js';
import { feedback } from '../api/feedback.js';
import { menuNameIn } from '../i18n/menu-names.js';
import { useStore } from '../lib/store.js';
import { closeAll, closeOthers, closeTag, isClosable, type Tag } from '../session/tags.js';
import { tagsStore } from '../session/tags-store.js';
import { clearPageCache } from './keep-alive.js';
import { updateSettings } from './settings.js';

const hrefOf = (tag: Tag) => (tag.query && Object.keys(tag.query).length ? `${tag.value}?${new URLSearchParams(tag.query)}` : tag.value);

/** Tabs of opened pages with a context menu and a menu dropdown (clear cache, close others, close all). */
export function TagsBar() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tags = useStore(tagsStore);
  const labelOf = (tag: Tag) =>
    tag.meta?.i18n ? t(`route.${tag.meta.i18n}`) : menuNameIn(i18n.language, { name: tag.label, nameEn: tag.labelEn });

  const close = (value: string) => {
    const result = closeTag(tags, value, pathname);
    tagsStore.set(result.tags);
    if (result.next !== pathname)
      navigate(hrefOf(result.tags.find((tag) => tag.value === result.next) ?? { label: '', value: result.next }));
  };
  const keepOnly = (tag: Tag) => {
    tagsStore.set(closeOthers(tags, tag.value));
    if (tag.value !== pathname) navigate(hrefOf(tag));
  };
  const closeEvery = () => {
    const rest = closeAll(tags);
    tagsStore.set(rest);
    navigate(hrefOf(rest[0]));
  };
  const clearCache = () =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('tagsView.clearCacheConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await client.clearServerCache().catch(() => undefined);
        clearPageCache();
        feedback.message.success(t('tagsView.cacheCleared'));
      },
    });

  const act = (key: string, tag: Tag) => {
    if (key === 'others') keepOnly(tag);
    else if (key === 'all') closeEvery();
    else if (key === 'cache') clearCache();
    else if (key === 'search') updateSettings({ menuSearch: true });
  };
  const contextItems: MenuProps['items'] = [
    { key: 'cache', label: t('tagsView.clearCache') },
    { key: 'others', label: t('tagsView.closeOthers') },
    { key: 'all', label: t('tagsView.closeAll') },
  ];
  const current = tags.find((tag) => tag.value === pathname) ?? tags[0];

  return (
    <Tabs
      className="sso-tags"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={pathname}
      onChange={(key) => {
        const tag = tags.find((item) => item.value === key);
        if (tag) navigate(hrefOf(tag));
      }}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
      items={tags.map((tag) => ({
        key: tag.value,
        closable: isClosable(tags, tag),
        label: (
          <Dropdown trigger={['contextMenu']} menu={{ items: contextItems, onClick: ({ key }) => act(key, tag) }}>
            <span>{labelOf(tag)}</span>
          </Dropdown>
        ),
      }))}
      tabBarExtraContent={
        <Dropdown
          trigger={['click']}
          menu={{
            items: [{ key: 'search', label: t('tagsView.search') }, ...(contextItems ?? [])],
            onClick: ({ key }) => current && act(key, current),
          }}
        >
          <Button size="small" type="text" aria-label={t('tagsView.menu')}>
            {t('tagsView.menu')} <DownOutlined />
          </Button>
        </Dropdown>
      }
      style={{ margin: 0, padding: '4px 8px 0' }}
    />
  );
}
