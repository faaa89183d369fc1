import { registry } from '@sso/shared-api';
import { Button, Flex, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { loadWxApps, type WxAppChoice } from './wx-apps.js';
import './wx-strings.js';

// The official account is chosen beside the buttons (sync and tags need one), so not searched again.
const def = {
  ...registry.wechat.wxUser,
  view: {
    ...registry.wechat.wxUser.view,
    columns: registry.wechat.wxUser.view.columns.map((c) => (c.prop === 'appId' ? { ...c, search: false } : c)),
  },
};
const api = () => client.wechat.wxUser;

type Tagging = { ids: string[]; untag: boolean; reload: () => Promise<void> };
type Remarking = { id: string; remark: string; reload: () => Promise<void> };

/**
 * 微信用户: the followers of the chosen official account, 同步粉丝 (sync, incremental or full),
 * each follower's remark and the chosen followers' tags edited and pushed to WeChat
 * (the remark, tag and tags calls).
 */
export default function WxUserScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canSync = useHasButton('wxuser_sync');
  const canEdit = useHasButton('wxuser_edit');
  const [apps, setApps] = useState<WxAppChoice[]>();
  const [appId, setAppId] = useState<string>();
  const [syncing, setSyncing] = useState(false);
  const [tagging, setTagging] = useState<Tagging>();
  const [remarking, setRemarking] = useState<Remarking>();

  useEffect(() => {
    loadWxApps(1).then(
      (choices) => {
        setApps(choices);
        setAppId((current) => current ?? choices[0]?.value);
      },
      () => setApps([]),
    );
  }, []);

  const sync = async (ctx: CrudContext, full: boolean) => {
    if (!appId) return feedback.message.warning(t('wx.chooseAccount'));
    setSyncing(true);
    try {
      const answer = await api().sync(undefined, { appId, ...(full ? { full: true } : {}) });
      feedback.message.success(t('wx.synced', answer));
      await ctx.reload();
    } catch {
      // toasted by the response handler
    } finally {
      setSyncing(false);
    }
  };

  const tag = (ctx: CrudContext, untag: boolean) => {
    if (!appId) return feedback.message.warning(t('wx.chooseAccount'));
    if (!ctx.selected.length) return feedback.message.warning(t('crud.selectOne'));
    setTagging({ ids: ctx.selected, untag, reload: ctx.reload });
  };

  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        formName="wxuser"
        filters={{ appId }}
        toolbar={(ctx) => (
          <>
            <Select
              allowClear
              placeholder={t('wx.chooseAccount')}
              aria-label={t('wx.chooseAccount')}
              options={apps}
              value={appId}
              onChange={setAppId}
              style={{ minWidth: 220 }}
              data-testid="wx-user-app"
            />
            {canSync && (
              <>
                <Button type="primary" loading={syncing} disabled={!appId} onClick={() => void sync(ctx, false)}>
                  {t('wx.sync')}
                </Button>
                <Button disabled={!appId || syncing} onClick={() => void sync(ctx, true)}>
                  {t('wx.syncFull')}
                </Button>
              </>
            )}
            {canEdit && (
              <>
                <Button disabled={!appId} onClick={() => tag(ctx, false)}>
                  {t('wx.tagSelected')}
                </Button>
                <Button disabled={!appId} onClick={() => tag(ctx, true)}>
                  {t('wx.untagSelected')}
                </Button>
              </>
            )}
          </>
        )}
        rowActions={(row, ctx) =>
          canEdit && (
            <Button
              type="link"
              size="small"
              onClick={() => setRemarking({ id: String(row.id), remark: String(row.remark ?? ''), reload: ctx.reload })}
            >
              {t('wx.editRemark')}
            </Button>
          )
        }
      />
      {tagging && appId && <TagDialog appId={appId} tagging={tagging} onClose={() => setTagging(undefined)} />}
      {remarking && <RemarkDialog remarking={remarking} onClose={() => setRemarking(undefined)} />}
    </>
  );
}

function TagDialog({ appId, tagging, onClose }: { appId: string; tagging: Tagging; onClose: () => void }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<{ value: number; label: string }[]>();
  const [tagId, setTagId] = useState<number>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    api()
      .tags({ appId })
      .then(
        (list) => setTags(list.map((tg) => ({ value: tg.id, label: t('wx.tagOption', tg) }))),
        () => setTags([]),
      );
  }, [appId, t]);
  const ok = async () => {
    if (tagId === undefined) return;
    setSaving(true);
    try {
      await api().tag({ ids: tagging.ids.join(','), tagId, untag: tagging.untag });
      feedback.message.success(t('wx.tagged'));
      await tagging.reload();
      onClose();
    } catch {
      // toasted by the response handler; the dialog stays open
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={tagging.untag ? t('wx.untagSelected') : t('wx.tagSelected')}
      onCancel={onClose}
      onOk={() => void ok()}
      okButtonProps={{ disabled: tagId === undefined, loading: saving }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
    >
      <Select
        style={{ width: '100%' }}
        placeholder={t('wx.chooseTag')}
        aria-label={t('wx.chooseTag')}
        loading={!tags}
        options={tags}
        value={tagId}
        onChange={setTagId}
      />
    </Modal>
  );
}

function RemarkDialog({ remarking, onClose }: { remarking: Remarking; onClose: () => void }) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState(remarking.remark);
  const [saving, setSaving] = useState(false);
  const ok = async () => {
    setSaving(true);
    try {
      await api().remark({ id: remarking.id, remark });
      feedback.message.success(t('wx.remarkSaved'));
      await remarking.reload();
      onClose();
    } catch {
      // toasted by the response handler; the dialog stays open
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('wx.editRemark')}
      onCancel={onClose}
      onOk={() => void ok()}
      okButtonProps={{ loading: saving }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
    >
      <Flex vertical gap={4}>
        <Typography.Text>{t('wx.remark')}</Typography.Text>
        <Input value={remark} maxLength={30} showCount onChange={(e) => setRemark(e.target.value)} aria-label={t('wx.remark')} />
      </Flex>
    </Modal>
  );
}
