import { Button, Card, Col, Empty, Flex, Row as GridRow } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../crud/crud-api.js';
import CrudPage from '../../crud/crud-page.js';
import type { ScreenProps } from '../screen-props.js';
import { defs, pickedView } from './authz-api.js';
import './authz-strings.js';
import { EffectiveAccessDialog } from './effective-access-dialog.js';
import { kindOfResource, UserGrantForm } from './user-grant-form.js';
import { UserPicker } from './user-picker.js';

const TITLE = { role: 'grantRole', menu: 'grantMenu', function: 'grantFunction' } as const;

/**
 * /aps/userauthorizedrole, /aps/userauthorizedmenu, /aps/userauthorizedfunction: pick a user
 * (department tree and user list), grant them an application role, menu or function, see their
 * grants below (revoked through the checked path) and open their effective access.
 */
export default function UserGrantScreen({ menu, def }: ScreenProps) {
  const { t } = useTranslation();
  const kind = kindOfResource(def?.name);
  // Grants are added through the form above (user and application picked by name), not the generic id form.
  const base = def ?? defs.userRole;
  const page = useMemo(() => pickedView(base, ['userId'], false), [base]);
  const [user, setUser] = useState<Row>();
  const [version, setVersion] = useState(0);
  const [accessOf, setAccessOf] = useState<string>();
  const closeAccess = useCallback(() => setAccessOf(undefined), []);

  return (
    <Flex vertical gap={12}>
      <GridRow gutter={[12, 12]}>
        <Col xs={24} md={10} lg={8}>
          <UserPicker value={user} onChange={setUser} />
        </Col>
        <Col xs={24} md={14} lg={16}>
          <Card
            size="small"
            title={
              user
                ? `${t(`authzScreen.${TITLE[kind]}`)}: ${String(user.realName ?? '')} (${String(user.account)})`
                : t(`authzScreen.${TITLE[kind]}`)
            }
            extra={
              user ? (
                <Button size="small" onClick={() => setAccessOf(String(user.id))} data-testid="open-effective-access">
                  {t('authzScreen.effectiveAccess')}
                </Button>
              ) : null
            }
          >
            {user ? (
              <UserGrantForm key={String(user.id)} kind={kind} user={user} onGranted={() => setVersion((v) => v + 1)} />
            ) : (
              <Empty description={t('authzScreen.pickUserFirst')} />
            )}
          </Card>
        </Col>
      </GridRow>
      <CrudPage
        key={`${String(user?.id ?? '')}:${version}`}
        def={page}
        title={menu?.name}
        filters={user ? { userId: String(user.id) } : undefined}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setAccessOf(String(row.userId))}>
            {t('authzScreen.effectiveAccess')}
          </Button>
        )}
      />
      <EffectiveAccessDialog userId={accessOf} onClose={closeAccess} />
    </Flex>
  );
}
