import { code } from '@sso/shared-api';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import { feedback } from '../../api/feedback.js';
import type { Row } from '../../crud/crud-api.js';
import CrudPage, { type CrudContext } from '../../crud/crud-page.js';
import { useHasButton } from '../resource/use-permission.js';
import type { ScreenProps } from '../screen-props.js';
import { saveFile } from '../shared/download.js';
import { CodeFieldsDialog } from './code-fields-dialog.js';
import './code-strings.js';

type System = 'sso' | 'saber';

/**
 * 研发工具 › 代码生成 (`/tool/code`): the generic page of the records, plus 代码生成 for the ticked
 * rows (this platform's resources by default, or Saber pages) downloaded as a zip, and on each
 * row 复制 and 字段设置 (the column settings table).
 */
export default function CodeScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const canGenerate = useHasButton('code_gen');
  const canEdit = useHasButton('code_edit');
  const canCopy = useHasButton('code_copy') || canEdit;
  const [editing, setEditing] = useState<{ row: Row; reload: () => Promise<void> }>();

  const generate = (ctx: CrudContext, system: System) => {
    if (!ctx.selected.length) return void feedback.message.warning(t('codeScreen.selectOne'));
    feedback.modal.confirm({
      title: t('codeScreen.generate'),
      content: t('codeScreen.generateConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const bytes = await client.system.code.genCode({ ids: ctx.selected.join(','), system });
        saveFile(bytes, `code-${system}.zip`, 'application/zip');
        feedback.message.success(t('codeScreen.generated'));
      },
    });
  };

  return (
    <>
      <CrudPage
        def={code}
        title={menu?.name}
        toolbar={(ctx) =>
          canGenerate && (
            <Dropdown.Button
              data-testid="code-generate"
              onClick={() => generate(ctx, 'sso')}
              menu={{
                items: [
                  { key: 'sso', label: t('codeScreen.generateSso') },
                  { key: 'saber', label: t('codeScreen.generateSaber') },
                ],
                onClick: ({ key }) => generate(ctx, key as System),
              }}
            >
              {t('codeScreen.generate')}
            </Dropdown.Button>
          )
        }
        rowActions={(row, ctx) => (
          <>
            {canCopy && (
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  await client.system.code.copy(undefined, { id: String(row.id) });
                  feedback.message.success(t('codeScreen.copied'));
                  await ctx.reload();
                }}
              >
                {t('codeScreen.copy')}
              </Button>
            )}
            {canEdit && (
              <Button type="link" size="small" onClick={() => setEditing({ row, reload: ctx.reload })}>
                {t('codeScreen.fields')}
              </Button>
            )}
          </>
        )}
      />
      <CodeFieldsDialog record={editing?.row} onClose={() => setEditing(undefined)} onSaved={async () => editing?.reload()} />
    </>
  );
}
