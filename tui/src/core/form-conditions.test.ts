import { registry, type SsoClient } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import { formFields, loadChoices } from './resource-view.js';

const app = registry.aps.app;
/** Dictionaries answer nothing: only the definition's own choices are looked at. */
const noDictionaries = { system: { dict: { dictionary: async () => [] } } } as unknown as SsoClient;
const props = (values: Record<string, string>) => formFields(app, 'en', {}, false, values).map((field) => field.prop);
const SETTINGS = ['redirectUris', 'backchannelLogoutUri', 'permissionClaims', 'handoffMode', 'casSingleLogout'];

describe('the console form of a definition with settings per protocol', () => {
  it('shows the settings of the chosen protocol only, as the web form does', () => {
    expect(props({}).filter((prop) => SETTINGS.includes(prop))).toEqual([]);
    expect(props({ protocol: 'oidc' }).filter((prop) => SETTINGS.includes(prop))).toEqual([
      'redirectUris',
      'backchannelLogoutUri',
      'permissionClaims',
    ]);
    expect(props({ protocol: 'cas' }).filter((prop) => SETTINGS.includes(prop))).toEqual(['redirectUris', 'casSingleLogout']);
    expect(props({ protocol: 'token' }).filter((prop) => SETTINGS.includes(prop))).toEqual(['redirectUris', 'handoffMode']);
    expect(props({ protocol: 'saml' }).filter((prop) => SETTINGS.includes(prop) || prop.startsWith('saml'))).toEqual([
      'redirectUris',
      'samlMetadataUrl',
      'samlMetadataXml',
      'samlEntityId',
      'samlSpCertificate',
      'samlNameIdFormat',
      'samlSigning',
      'samlLogoutUrl',
      'samlEncryptAssertion',
    ]);
    expect(props({ protocol: 'link' }).filter((prop) => SETTINGS.includes(prop))).toEqual([]);
  });

  it('marks the address required for a link application only', () => {
    const address = (protocol: string) => formFields(app, 'en', {}, false, { protocol }).find((field) => field.prop === 'appUrl')?.required;
    expect(address('link')).toBe(true);
    expect(address('oidc')).toBe(false);
  });

  it('offers the protocols by their names in the console language', async () => {
    const english = await loadChoices(noDictionaries, app, 'en');
    expect(english.protocol?.map((choice) => choice.label)).toEqual([
      'OpenID Connect',
      'CAS',
      'SAML 2.0',
      'BladeX hand-off',
      'Link (no sign-on)',
    ]);
    expect(english.protocol?.map((choice) => choice.value)).toEqual(['oidc', 'cas', 'saml', 'token', 'link']);
    const chinese = await loadChoices(noDictionaries, app, 'zh');
    expect(chinese.handoffMode?.map((choice) => choice.label)).toEqual(['令牌：地址中携带访问令牌', '一次性授权码：应用服务端换取令牌']);
  });
});
