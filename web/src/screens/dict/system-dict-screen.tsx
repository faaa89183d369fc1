import { dict } from '@sso/shared-api';
import type { ScreenProps } from '../screen-props.js';
import { DictScreen } from './dict-screen.js';

/** 系统字典 and 业务字典 (/system/dict, /system/dictbiz): the entries open in a dialog of width 880. */
export default function SystemDictScreen({ menu, def }: ScreenProps) {
  return <DictScreen def={def ?? dict} layout="dialog" title={menu?.name} />;
}
