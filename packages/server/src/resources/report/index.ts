import { reportFile } from '@sso/shared-api';
import { bindResource } from '../../engine/bind.js';
import { reportRules } from './rules.js';

export const reportResource = bindResource(reportFile, { rules: reportRules });
