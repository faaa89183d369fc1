import { addScreenStrings } from '../../i18n/index.js';

addScreenStrings('dictScreen', {
  'zh-CN': {
    configure: '字典配置',
    entries: '字典项',
    entriesOf: '字典配置 · {{name}}（{{code}}）',
    choose: '请在字典列表中点击“字典配置”查看字典项',
  },
  en: {
    configure: 'Configure',
    entries: 'Entries',
    entriesOf: 'Entries · {{name}} ({{code}})',
    choose: 'Click "Configure" on a dictionary to see its entries',
  },
});
