import { registry } from '@sso/shared-api';
import { Avatar } from 'antd';
import CrudPage from '../../crud/crud-page.js';
import { registerFieldRenderer } from '../../crud/field-renderers.js';
import type { ScreenProps } from '../screen-props.js';
import { IconInput } from './icon-input.js';

const def = registry.portal.friendlyLink;

/** Only http(s) addresses become links; anything else is shown as text. */
const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

registerFieldRenderer(registry.portal.friendlyLink, 'icon', {
  Input: IconInput,
  cell: (value) => (typeof value === 'string' && value ? <Avatar shape="square" size={28} src={value} alt="" /> : null),
});
registerFieldRenderer(registry.portal.friendlyLink, 'linkUrl', {
  cell: (value) => {
    const url = typeof value === 'string' ? value : '';
    return isWebAddress(url) ? (
      <a href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
    ) : (
      url
    );
  },
});

/** /portal/friendlylink (友情链接): the generic page, each link's icon shown (and uploaded in the form) and its address a link. */
export default function FriendlyLinkScreen({ menu }: ScreenProps) {
  return <CrudPage def={def} title={menu?.name} />;
}
