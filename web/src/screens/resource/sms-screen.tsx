import { sms } from '@sso/shared-api';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import { EnableAction } from './enable-action.js';
import { SmsLogDrawer } from './sms-log-drawer.js';
import { SmsSendDialog } from './sms-send-dialog.js';
import { withStatusAsTag } from './status-column.js';
import { useHasButton } from './use-permission.js';
import './resource-strings.js';

const def = withStatusAsTag(sms);
const enable = (id: string) => client.resource.sms.enable(undefined, { id });

/**
 * SMS configurations (`/resource/sms`): the generic page plus 启用 (`sms_enable`), 发送测试
 * (`sms_send`) and the message log.
 */
export default function SmsScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canSend = useHasButton('sms_send');
  const [testing, setTesting] = useState<Row>();
  const [logOpen, setLogOpen] = useState(false);
  return (
    <>
      <CrudPage
        def={def}
        title={menu?.name}
        toolbar={() => <Button onClick={() => setLogOpen(true)}>{t('resourceScreen.smsLog')}</Button>}
        rowActions={(row, ctx) => (
          <>
            <EnableAction row={row} code="sms_enable" enable={enable} reload={ctx.reload} />
            {canSend && (
              <Button type="link" size="small" onClick={() => setTesting(row)}>
                {t('resourceScreen.sendTest')}
              </Button>
            )}
          </>
        )}
      />
      <SmsSendDialog config={testing} onClose={() => setTesting(undefined)} />
      <SmsLogDrawer open={logOpen} onClose={() => setLogOpen(false)} />
    </>
  );
}
