import { dict } from '@sso/shared-api';
import { DictScreen } from './dict-screen.js';

/** /dict-horizontal/index: the system dictionary with its entries to the right. */
export default function DictHorizontalScreen() {
  return <DictScreen def={dict} layout="horizontal" />;
}
