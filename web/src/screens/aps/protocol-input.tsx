import { APP_PROTOCOLS, type AppProtocol } from '@sso/shared-api';
import { ColorPicker, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { client } from '../../api/client.js';
import type { FieldInputProps } from '../../crud/field-renderers.js';
import './strings.js';

const isProtocol = (value: unknown): value is AppProtocol => APP_PROTOCOLS.includes(value as AppProtocol);

/**
 * The sign-on protocol, chosen by name among the definition's options (the form kit hands them
 * over as `dict`), with what that protocol needs from the rest of the form said under it.
 */
export function ProtocolInput({ value, onChange, disabled, id, placeholder, dict }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        id={id}
        disabled={disabled}
        placeholder={placeholder}
        value={isProtocol(value) ? value : undefined}
        onChange={(next) => onChange?.(next)}
        options={dict ?? []}
      />
      {isProtocol(value) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="protocol-help">
          {t(`apsScreen.${value}Help`)}
        </Typography.Text>
      )}
      {value === 'saml' && <IdpMetadataLink />}
    </>
  );
}

/**
 * Where the service provider finds the platform: the identity provider metadata of the signed-in
 * administrator's tenant (its address is also the entity ID), to download or to give the application.
 */
function IdpMetadataLink() {
  const { t } = useTranslation();
  const tenantId = client.session?.token.tenant_id ?? '';
  const address = `${window.location.origin}/saml/${encodeURIComponent(tenantId)}/metadata`;
  return (
    <Typography.Paragraph style={{ fontSize: 12, marginBottom: 0 }} data-testid="saml-idp-metadata">
      {t('apsScreen.samlIdpMetadata')}{' '}
      <Typography.Link href={address} target="_blank" download="idp-metadata.xml" copyable={{ text: address }}>
        {address}
      </Typography.Link>
    </Typography.Paragraph>
  );
}

/** The application's colour (its tile in the portal), kept as `#rrggbb`. */
export function ColorInput({ value, onChange, disabled, id }: FieldInputProps) {
  return (
    <ColorPicker
      disabled={disabled}
      showText
      value={typeof value === 'string' && value ? value : undefined}
      onChange={(color) => onChange?.(color.toHexString())}
      // antd's picker has no input of its own for the label to point at
      data-id={id}
    />
  );
}
