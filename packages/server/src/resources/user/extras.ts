import { user } from '@sso/shared-api';
import { defineExtraHandlers } from '../../engine/extra-handlers.js';
import { userExcelHandlers } from './excel-extras.js';
import { userPasswordHandlers } from './password-extras.js';
import { userProfileHandlers } from './profile-extras.js';
import { userRegisterHandlers } from './register-extras.js';
import { userSecondFactorHandlers } from './second-factor-extras.js';
import { userStatusHandlers } from './status-extras.js';
import { userListHandlers } from './user-list-extras.js';

/** Every extra of /api/blade-user by its key in the contract. */
export const userExtraHandlers = defineExtraHandlers(user, {
  ...userPasswordHandlers,
  ...userProfileHandlers,
  ...userRegisterHandlers,
  ...userExcelHandlers,
  ...userSecondFactorHandlers,
  ...userListHandlers,
  ...userStatusHandlers,
});
