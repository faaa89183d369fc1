import type { ExtraHandler } from '../resources/extras.js';
import { userExcelHandlers } from './user-excel-extras.js';
import { userPasswordHandlers } from './user-password-extras.js';
import { userProfileHandlers } from './user-profile-extras.js';
import { userRegisterHandlers } from './user-register-extras.js';

/** Every extra of /api/blade-user (SPEC §7 "User"), by its key in the contract. */
export const userExtraHandlers: Record<string, ExtraHandler> = {
  ...userPasswordHandlers,
  ...userProfileHandlers,
  ...userRegisterHandlers,
  ...userExcelHandlers,
};
