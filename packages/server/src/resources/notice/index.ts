import { registry } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { noticeRules } from './rules.js';

export const noticeResource = bindResource(registry.desk.notice, { rules: noticeRules });
