import { addScreenStrings } from '../../i18n/index.js';

/** Strings of the regions screen (t('regionScreen.…')), added when its chunk loads. */
addScreenStrings('regionScreen', {
  'zh-CN': {
    tree: '区划列表',
    detail: '区划详情',
    addProvince: '新增省级',
    addChild: '新增下级',
    chooseHint: '请在左侧选择区划',
    addingUnder: '新增下级区划：{{name}}',
    addingProvince: '新增省级区划',
    editing: '修改区划：{{name}}',
  },
  en: {
    tree: 'Regions',
    detail: 'Region details',
    addProvince: 'Add province',
    addChild: 'Add sub-region',
    chooseHint: 'Choose a region on the left',
    addingUnder: 'New sub-region of {{name}}',
    addingProvince: 'New province',
    editing: 'Edit region: {{name}}',
  },
});
