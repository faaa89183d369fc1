import { oss } from '@sso/shared-api';
import { client } from '../../api/client.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import { EnableAction } from './enable-action.js';
import { withStatusAsTag } from './status-column.js';

const def = withStatusAsTag(oss);
const enable = (id: string) => client.resource.oss.enable(undefined, { id });

/** Object storage configurations (`/resource/oss`): the generic page plus 启用 (`oss_enable`). */
export default function OssScreen({ menu }: ScreenProps) {
  return (
    <CrudPage
      def={def}
      title={menu?.name}
      rowActions={(row, ctx) => <EnableAction row={row} code="oss_enable" enable={enable} reload={ctx.reload} />}
    />
  );
}
