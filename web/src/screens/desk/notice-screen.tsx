import { type ResourceDef, registry } from '@sso/shared-api';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import CrudPage from '../../crud/crud-page.js';
import { DATETIME_FORMAT } from '../../crud/field-renderers.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';

/**
 * The generic page keeps everything but its add button: a new notice starts with the release
 * time set to now, when the dialog opens. The content is the view's `richtext` column (a tall
 * editor that keeps line breaks), the release time its `datetime` column.
 */
const def = registry.desk.notice;
const listDef: ResourceDef = { ...def, view: { ...def.view, actions: { ...def.view.actions, add: false } } };

/** Notices (`/desk/notice`): the generic list and dialog; a new notice is released now unless changed. */
export default function NoticeScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canAdd = useHasButton('notice_add');
  return (
    <CrudPage
      def={listDef}
      title={menu?.name}
      formName="notice"
      toolbar={(ctx) =>
        canAdd && (
          <Button type="primary" onClick={() => ctx.add({ releaseTime: dayjs().format(DATETIME_FORMAT) })}>
            {t('crud.add')}
          </Button>
        )
      }
    />
  );
}
