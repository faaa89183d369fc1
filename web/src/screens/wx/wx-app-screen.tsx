import { registry } from '@sso/shared-api';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import './wx-strings.js';

const def = registry.wechat.wxApp;

/**
 * The address WeChat calls an application back at: the service's base (the one WeChat's callback
 * lies under) with `wx/callback/<AppID>`, on this site's origin.
 */
export function callbackAddress(appId: string, origin = window.location.origin): string {
  const service = def.basePath.slice(0, def.basePath.lastIndexOf('/'));
  return `${origin}${service}/wx/callback/${encodeURIComponent(appId)}`;
}

/**
 * 公众号应用: the generic list and dialog (the AppSecret a write-only password field, the type
 * shown as 公众号 / 小程序), plus each application's callback address to copy to WeChat's console.
 */
export default function WxAppScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<string>();
  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        formName="wxapp"
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setShown(String(row.appId ?? ''))}>
            {t('wx.callback')}
          </Button>
        )}
      />
      <Modal
        open={shown !== undefined}
        title={t('wx.callbackTitle')}
        onCancel={() => setShown(undefined)}
        footer={null}
        width={680}
        destroyOnHidden
      >
        {shown !== undefined && (
          <>
            <Typography.Paragraph copyable code data-testid="wx-callback-address">
              {callbackAddress(shown)}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('wx.callbackHelp')}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
