import { registerFieldRenderer } from '../../crud/field-renderers.js';
import { AppPicker, AppRolePicker, ApproverKindLabel, ApproverKindPicker, RolePicker, UserPicker } from './workflow-pickers.js';

/** The workflow and node forms pick applications, roles and users from lists instead of typing ids. */
registerFieldRenderer('appworkflow', 'appId', { Input: AppPicker });
registerFieldRenderer('appworkflow', 'appRoleId', { Input: AppRolePicker });
registerFieldRenderer('appworkflownode', 'approverKind', {
  Input: ApproverKindPicker,
  cell: (value) => <ApproverKindLabel kind={value} />,
  detail: (value) => <ApproverKindLabel kind={value} />,
});
registerFieldRenderer('appworkflownode', 'approverUserId', { Input: UserPicker });
registerFieldRenderer('appworkflownode', 'approverRoleId', { Input: RolePicker });
