import { dict } from '@sso/shared-api';
import { DictScreen } from './dict-screen.js';

/** /dict-vertical/index: the system dictionary with its entries below. */
export default function DictVerticalScreen() {
  return <DictScreen def={dict} layout="vertical" />;
}
