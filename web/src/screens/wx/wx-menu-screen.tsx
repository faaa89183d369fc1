import { utf8Bytes, WX_MENU_LIMITS, type WxMenuNode } from '@sso/shared-api';
import { Alert, Button, Card, Empty, Flex, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { type CSSProperties, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { errorMessage } from '../../api/errors.js';
import { feedback } from '../../api/feedback.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { loadWxApps, type WxAppChoice } from './wx-apps.js';
import './wx-strings.js';

const api = () => client.wechat.wxMenu;
const ROOT = '0';

type Editing = { mode: 'edit'; node: WxMenuNode } | { mode: 'add'; parentId: string };
type Published = { type: 'success' | 'error'; text: string };
interface MenuForm {
  name: string;
  type?: string;
  menuKey?: string;
  url?: string;
  miniAppId?: string;
  pagePath?: string;
  sort?: number;
}

const isTop = (parentId: string) => !parentId || parentId === ROOT;

/**
 * 微信菜单 (`registry.wechat.wxMenu`): an official account's custom menu as WeChat shows it — a
 * phone whose bottom bar holds up to three top-level menus, the sub-menus of the chosen one popping
 * up above it — beside the form of the menu clicked (a click event's key, a web page's address, a
 * mini program's AppID, page and fallback address). Saves are checked by the server against
 * WeChat's rules and its refusal shows in the form; 发布到微信 publishes the tree (synMenu) and
 * shows WeChat's answer.
 */
export default function WxMenuScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canAdd = useHasButton('wxmenu_add');
  const canEdit = useHasButton('wxmenu_edit');
  const canRemove = useHasButton('wxmenu_delete');
  const canAddChild = useHasButton('wxmenu_child') || canAdd;
  const canPublish = useHasButton('wxmenu_sync');
  const [apps, setApps] = useState<WxAppChoice[]>();
  const [appId, setAppId] = useState<string>();
  const [tree, setTree] = useState<WxMenuNode[]>([]);
  const [editing, setEditing] = useState<Editing>();
  const [refusal, setRefusal] = useState<string>();
  const [published, setPublished] = useState<Published>();
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<MenuForm>();
  const type = Form.useWatch('type', form);
  const name = Form.useWatch('name', form) ?? '';

  useEffect(() => {
    loadWxApps(1).then(
      (choices) => {
        setApps(choices);
        setAppId((current) => current ?? choices[0]?.value);
      },
      () => setApps([]),
    );
  }, []);

  const reload = useCallback(async (app: string) => {
    const nodes = await api().menuTree({ appId: app });
    setTree(nodes);
    return nodes;
  }, []);

  useEffect(() => {
    setTree([]);
    setEditing(undefined);
    setPublished(undefined);
    if (appId) reload(appId).catch(() => undefined);
  }, [appId, reload]);

  const open = (next: Editing) => {
    setEditing(next);
    setRefusal(undefined);
    form.resetFields();
    if (next.mode === 'edit') {
      const n = next.node;
      form.setFieldsValue({
        name: n.name,
        type: n.type || undefined,
        menuKey: n.menuKey,
        url: n.url,
        miniAppId: n.miniAppId,
        pagePath: n.pagePath,
        sort: n.sort,
      });
    } else {
      const siblings = next.parentId === ROOT ? tree : (tree.find((top) => top.id === next.parentId)?.children ?? []);
      form.setFieldsValue({ name: t('wx.newMenu'), type: 'click', sort: siblings.length + 1 });
    }
  };

  const parentId = editing?.mode === 'edit' ? editing.node.parentId : editing?.parentId;
  const top = parentId !== undefined && isTop(parentId);
  const hasChildren = editing?.mode === 'edit' && Boolean(editing.node.children?.length);
  const maxBytes = top ? WX_MENU_LIMITS.topNameBytes : WX_MENU_LIMITS.subNameBytes;
  // The top-level menu whose sub-menus pop up: the one chosen, or the parent of the sub-menu chosen.
  const openTop = editing?.mode === 'edit' ? (isTop(editing.node.parentId) ? editing.node.id : editing.node.parentId) : editing?.parentId;

  const save = async () => {
    if (!appId || !editing) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const kind = hasChildren ? '' : (values.type ?? '');
      const row = {
        appId,
        parentId: parentId ?? ROOT,
        name: values.name,
        type: kind,
        menuKey: kind === 'click' ? (values.menuKey ?? '') : '',
        url: kind === 'view' || kind === 'miniprogram' ? (values.url ?? '') : '',
        miniAppId: kind === 'miniprogram' ? (values.miniAppId ?? '') : '',
        pagePath: kind === 'miniprogram' ? (values.pagePath ?? '') : '',
        sort: values.sort ?? 0,
      };
      const saved = await api().submit(editing.mode === 'edit' ? { ...row, id: editing.node.id } : row);
      feedback.message.success(t('wx.saved'));
      const nodes = await reload(appId);
      const all = nodes.flatMap((n) => [n, ...(n.children ?? [])]);
      const fresh = all.find((n) => n.id === String(saved.id));
      if (fresh) open({ mode: 'edit', node: fresh });
    } catch (error) {
      setRefusal(errorMessage(error)); // the server's rule, e.g. at most 3 top-level menus
    } finally {
      setSaving(false);
    }
  };

  const remove = (node: WxMenuNode) =>
    feedback.modal.confirm({
      title: t('common.tip'),
      content: t('wx.removeConfirm', { name: node.name, withChildren: node.children?.length ? t('wx.withChildren') : '' }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api().remove(node.id);
        feedback.message.success(t('wx.removed'));
        setEditing(undefined);
        if (appId) await reload(appId);
      },
    });

  const publish = () =>
    feedback.modal.confirm({
      title: t('wx.publish'),
      content: t('wx.publishConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!appId) return;
        setPublished(undefined);
        try {
          const answer = await api().synMenu(undefined, { appId });
          setPublished(
            answer.errcode === 0
              ? { type: 'success', text: t('wx.published', answer) }
              : { type: 'error', text: t('wx.publishRefused', answer) },
          );
        } catch (error) {
          setPublished({ type: 'error', text: t('wx.publishFailed', { message: errorMessage(error) }) });
        }
      },
    });

  const appName = apps?.find((a) => a.value === appId)?.name ?? '';

  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Card size="small" title={menu?.name}>
        <Flex wrap gap={12} align="center">
          <Select
            placeholder={t('wx.chooseAccount')}
            options={apps}
            value={appId}
            onChange={setAppId}
            loading={!apps}
            style={{ minWidth: 260, maxWidth: '100%' }}
            aria-label={t('wx.chooseAccount')}
            data-testid="wx-menu-app"
          />
          {canPublish && (
            <Button type="primary" disabled={!appId} onClick={publish} data-testid="wx-menu-publish">
              {t('wx.publish')}
            </Button>
          )}
          <Typography.Text type="secondary">{t('wx.limits')}</Typography.Text>
        </Flex>
        {published && (
          <Alert
            style={{ marginTop: 12 }}
            type={published.type}
            showIcon
            closable={{ onClose: () => setPublished(undefined) }}
            title={published.text}
            data-testid="wx-menu-published"
          />
        )}
      </Card>
      {apps && apps.length === 0 ? (
        <Card size="small">
          <Empty description={t('wx.noAccount')} />
        </Card>
      ) : (
        <Flex wrap gap={16} align="flex-start">
          <Phone
            title={appName}
            tree={tree}
            openTop={openTop}
            chosen={editing?.mode === 'edit' ? editing.node.id : undefined}
            canAdd={canAdd && Boolean(appId)}
            canAddChild={canAddChild && Boolean(appId)}
            onPick={(node) => open({ mode: 'edit', node })}
            onAdd={(parent) => open({ mode: 'add', parentId: parent })}
          />
          <Card
            size="small"
            style={{ flex: '1 1 360px', minWidth: 0 }}
            title={
              editing?.mode === 'add'
                ? editing.parentId === ROOT
                  ? t('wx.adding')
                  : t('wx.addingSub', { parent: tree.find((n) => n.id === editing.parentId)?.name ?? '' })
                : editing
                  ? `${t('wx.editing')} · ${top ? t('wx.topLevel') : t('wx.subLevel')}`
                  : t('wx.editing')
            }
          >
            {!editing ? (
              <Empty description={tree.length ? t('wx.pickMenu') : t('wx.emptyMenu')} />
            ) : (
              <Form
                form={form}
                layout="vertical"
                name="wx-menu"
                disabled={editing.mode === 'edit' ? !canEdit : editing.parentId === ROOT ? !canAdd : !canAddChild}
              >
                {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="wx-menu-refusal" />}
                <Form.Item
                  name="name"
                  label={t('wx.name')}
                  rules={[{ required: true, whitespace: true, message: t('wx.name') }]}
                  extra={t('wx.nameBytes', { used: utf8Bytes(name), max: maxBytes })}
                  validateStatus={utf8Bytes(name) > maxBytes ? 'error' : undefined}
                >
                  <Input />
                </Form.Item>
                {hasChildren ? (
                  <Typography.Paragraph type="secondary">{t('wx.typeParent')}</Typography.Paragraph>
                ) : (
                  <Form.Item name="type" label={t('wx.type')}>
                    <Select
                      options={[
                        { value: 'click', label: t('wx.typeClick') },
                        { value: 'view', label: t('wx.typeView') },
                        { value: 'miniprogram', label: t('wx.typeMini') },
                      ]}
                      allowClear={top}
                    />
                  </Form.Item>
                )}
                {!hasChildren && type === 'click' && (
                  <Form.Item name="menuKey" label={t('wx.menuKey')} extra={t('wx.menuKeyHelp')}>
                    <Input />
                  </Form.Item>
                )}
                {!hasChildren && type === 'miniprogram' && (
                  <>
                    <Form.Item name="miniAppId" label={t('wx.miniAppId')}>
                      <Input placeholder="wx0123456789abcdef" />
                    </Form.Item>
                    <Form.Item name="pagePath" label={t('wx.pagePath')}>
                      <Input placeholder="pages/index/index" />
                    </Form.Item>
                  </>
                )}
                {!hasChildren && (type === 'view' || type === 'miniprogram') && (
                  <Form.Item name="url" label={t('wx.url')} extra={type === 'miniprogram' ? t('wx.urlMiniHelp') : undefined}>
                    <Input placeholder="https://" />
                  </Form.Item>
                )}
                <Form.Item name="sort" label={t('wx.sort')}>
                  <InputNumber min={0} max={999} />
                </Form.Item>
                <Space wrap>
                  <Button type="primary" loading={saving} onClick={() => void save()} data-testid="wx-menu-save">
                    {t('wx.save')}
                  </Button>
                  {editing.mode === 'edit' && canRemove && (
                    <Button danger onClick={() => remove(editing.node)}>
                      {t('wx.remove')}
                    </Button>
                  )}
                  {editing.mode === 'edit' && top && canAddChild && (editing.node.children?.length ?? 0) < WX_MENU_LIMITS.sub && (
                    <Button onClick={() => open({ mode: 'add', parentId: editing.node.id })}>{t('wx.addSub')}</Button>
                  )}
                </Space>
              </Form>
            )}
          </Card>
        </Flex>
      )}
    </Flex>
  );
}

interface PhoneProps {
  title: string;
  tree: WxMenuNode[];
  openTop?: string;
  chosen?: string;
  canAdd: boolean;
  canAddChild: boolean;
  onPick: (node: WxMenuNode) => void;
  onAdd: (parentId: string) => void;
}

const cell: CSSProperties = {
  flex: 1,
  minWidth: 0,
  position: 'relative',
  borderLeft: '1px solid #e5e5e5',
};
const barButton = (active: boolean): CSSProperties => ({
  width: '100%',
  height: '100%',
  border: 'none',
  background: active ? '#e6f4ff' : 'transparent',
  color: active ? '#1677ff' : '#333',
  cursor: 'pointer',
  fontSize: 13,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  padding: '0 4px',
});

/** The menu as a phone shows it: up to three buttons in the bottom bar, the open one's sub-menus above it. */
function Phone({ title, tree, openTop, chosen, canAdd, canAddChild, onPick, onAdd }: PhoneProps) {
  const { t } = useTranslation();
  const tops = useMemo(() => tree.slice(0, WX_MENU_LIMITS.top), [tree]);
  return (
    <div
      role="img"
      aria-label={t('wx.phone')}
      style={{
        width: 300,
        height: 540,
        flex: '0 0 auto',
        border: '10px solid #1f1f1f',
        borderRadius: 32,
        background: '#ededed',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <div
        style={{
          height: 44,
          lineHeight: '44px',
          textAlign: 'center',
          background: '#f7f7f7',
          borderBottom: '1px solid #e0e0e0',
          fontWeight: 600,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          padding: '0 12px',
        }}
      >
        {title}
      </div>
      <div style={{ flex: 1 }} />
      <div data-testid="wx-phone-bar" style={{ display: 'flex', height: 48, background: '#fafafa', borderTop: '1px solid #d9d9d9' }}>
        <div style={{ width: 40, display: 'grid', placeItems: 'center', color: '#999' }} aria-hidden>
          ⌨
        </div>
        {tops.map((top) => {
          const children = top.children ?? [];
          return (
            <div key={top.id} style={cell} data-testid="wx-menu-column">
              {openTop === top.id && (
                <div
                  data-testid="wx-menu-popup"
                  style={{
                    position: 'absolute',
                    bottom: 'calc(100% + 8px)',
                    // As wide as the column, or as its longest sub-menu (WeChat widens the pop-up too).
                    left: '50%',
                    transform: 'translateX(-50%)',
                    minWidth: 'calc(100% - 8px)',
                    width: 'max-content',
                    maxWidth: 150,
                    background: '#fff',
                    border: '1px solid #d9d9d9',
                    borderRadius: 4,
                    boxShadow: '0 2px 8px rgba(0,0,0,.12)',
                  }}
                >
                  {children.map((sub) => (
                    <button
                      key={sub.id}
                      type="button"
                      onClick={() => onPick(sub)}
                      data-testid="wx-menu-sub"
                      style={{ ...barButton(chosen === sub.id), display: 'block', height: 40, borderBottom: '1px solid #f0f0f0' }}
                    >
                      {sub.name}
                    </button>
                  ))}
                  {canAddChild && children.length < WX_MENU_LIMITS.sub && (
                    <button
                      type="button"
                      aria-label={t('wx.addSub')}
                      title={t('wx.addSub')}
                      onClick={() => onAdd(top.id)}
                      style={{ ...barButton(false), display: 'block', height: 40, fontSize: 18 }}
                    >
                      +
                    </button>
                  )}
                </div>
              )}
              <button type="button" onClick={() => onPick(top)} data-testid="wx-menu-top" style={barButton(chosen === top.id)}>
                {children.length > 0 && <span aria-hidden>≡ </span>}
                {top.name}
              </button>
            </div>
          );
        })}
        {canAdd && tops.length < WX_MENU_LIMITS.top && (
          <div style={cell}>
            <button
              type="button"
              aria-label={t('wx.addTop')}
              title={t('wx.addTop')}
              onClick={() => onAdd(ROOT)}
              style={{ ...barButton(false), fontSize: 20 }}
            >
              +
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
