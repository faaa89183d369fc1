import { registry } from '@sso/shared-api';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import './ledger-strings.js';

const def = registry.ledger.entry;

/**
 * Ledger entries (`/ledger/appparameter`): the generic list and dialog, plus review, shelve and
 * take-off buttons for the ticked rows. The market shows an entry only once it is reviewed and shelved.
 */
export default function AppParameterScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canCheck = useHasButton('appparameter_check');
  const canShelf = useHasButton('appparameter_shelf');

  const run = async (ctx: CrudContext, call: (ids: string) => Promise<unknown>, done: string) => {
    if (!ctx.selected.length) return feedback.message.warning(t('crud.selectOne'));
    await call(ctx.selected.join(','));
    feedback.message.success(t(done));
    await ctx.reload();
  };
  const check = (ids: string) => client.call('GET', `${def.basePath}/batchCheck`, { ids });
  const shelf = (isShelf: 0 | 1) => (ids: string) => client.call('GET', `${def.basePath}/batchShelf`, { ids, isShelf });

  return (
    <CrudPage
      def={def}
      title={menu?.name}
      formName="appparameter"
      toolbar={(ctx) => (
        <>
          {canCheck && (
            <Button onClick={() => void run(ctx, check, 'ledger.checked')} data-testid="ledger-check">
              {t('ledger.check')}
            </Button>
          )}
          {canShelf && (
            <Button onClick={() => void run(ctx, shelf(1), 'ledger.shelved')} data-testid="ledger-shelf">
              {t('ledger.shelf')}
            </Button>
          )}
          {canShelf && (
            <Button onClick={() => void run(ctx, shelf(0), 'ledger.unshelved')} data-testid="ledger-unshelf">
              {t('ledger.unshelf')}
            </Button>
          )}
        </>
      )}
    />
  );
}
