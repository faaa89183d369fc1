import { addScreenStrings } from '../../i18n/index.js';

/** Strings of the menu and department screens (t('treeTable.…')), added when their chunk loads. */
addScreenStrings('treeTable', {
  'zh-CN': { addChild: '新增子项' },
  en: { addChild: 'Add child' },
});
