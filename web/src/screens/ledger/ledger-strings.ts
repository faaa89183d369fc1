import { addScreenStrings } from '../../i18n/index.js';

/** The ledger admin screen's buttons and notes. */
addScreenStrings('ledger', {
  'zh-CN': {
    check: '审核',
    shelf: '上架',
    unshelf: '下架',
    checked: '已审核',
    shelved: '已上架',
    unshelved: '已下架',
  },
  en: {
    check: 'Review',
    shelf: 'Put on the market',
    unshelf: 'Take off the market',
    checked: 'Reviewed',
    shelved: 'Now on the market',
    unshelved: 'Taken off the market',
  },
});
