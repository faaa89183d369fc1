import { registry } from '@sso/shared-api';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import './workflow-renderers.js';
import '../../access/access-strings.js';

const workflowDef = registry.workflow.appWorkflow;
const nodeDef = registry.workflow.appWorkflowNode;

/**
 * /abs/appworkflow (流程定义): the approval workflows of applications and application roles; each
 * row's 节点 opens its ordered nodes (who approves at each step) in a drawer, edited there.
 */
export default function WorkflowScreen({ menu }: ScreenProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Row>();
  return (
    <>
      <CrudPage
        def={workflowDef}
        title={menu?.name}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="workflow-nodes">
            {t('access.nodes')}
          </Button>
        )}
      />
      <Drawer
        open={!!editing}
        onClose={() => setEditing(undefined)}
        width="min(960px, 100vw)"
        destroyOnHidden
        title={
          <>
            {t('access.nodes')} · <span className="sso-data">{String(editing?.workflowName ?? '')}</span>
          </>
        }
      >
        {editing && (
          <CrudPage
            def={nodeDef}
            formName="workflow-node"
            filters={{ workflowId: String(editing.id) }}
            addValues={{ workflowId: String(editing.id) }}
            lockedFields={['workflowId']}
          />
        )}
      </Drawer>
    </>
  );
}
