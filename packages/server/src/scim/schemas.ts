import { BODY_LIMIT } from './errors.js';

/** Advertised in ServiceProviderConfig; a bulk request with more operations is refused with 413. */
export const MAX_BULK_OPERATIONS = 1000;

/**
 * The schemas this service provider speaks and the discovery documents of RFC 7644 §4
 * (`ServiceProviderConfig`, `Schemas`, `ResourceTypes`), answered to any holder of a token.
 */

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** The platform's group extension: whether a group is a department or a role, and a department's parent. */
export const PLATFORM_GROUP_SCHEMA = 'urn:sso:params:scim:schemas:extension:platform:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

/** Extension URNs (lower-cased), whose attributes live in an object named by the URN. */
export const EXTENSION_SCHEMAS = new Set([ENTERPRISE_USER_SCHEMA.toLowerCase(), PLATFORM_GROUP_SCHEMA.toLowerCase()]);

/** A list answer never holds more than this many resources, whatever `count` asks. */
export const MAX_PAGE = 500;

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'dateTime' | 'reference';
  multiValued?: boolean;
  required?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned?: 'always' | 'default' | 'never';
  uniqueness?: 'none' | 'server';
  description: string;
  subAttributes?: Attribute[];
};

const attribute = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  description,
  ...more,
});

const valueList = (name: string, description: string) =>
  attribute(name, description, {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The value'),
      attribute('type', 'work, mobile, …'),
      attribute('primary', 'The one the platform keeps', { type: 'boolean' }),
    ],
  });

const memberRef = (name: string, description: string, mutability: Attribute['mutability']) =>
  attribute(name, description, {
    type: 'complex',
    multiValued: true,
    mutability,
    subAttributes: [
      attribute('value', 'The id', { mutability }),
      attribute('display', 'The name', { mutability: 'readOnly' }),
      attribute('type', 'User, department or role', { mutability: 'readOnly' }),
      attribute('$ref', 'The address', { type: 'reference', mutability: 'readOnly' }),
    ],
  });

const meta = (resourceType: string, location: string) => ({ resourceType, location });

export function schemasDocument(base: string) {
  const user = {
    id: USER_SCHEMA,
    name: 'User',
    description: 'A user of the platform (blade_user)',
    attributes: [
      attribute('externalId', "The consuming application's own identifier, kept for that application"),
      attribute('userName', 'The account', { required: true, uniqueness: 'server' }),
      attribute('name', 'The real name', {
        type: 'complex',
        subAttributes: [
          attribute('formatted', 'The real name'),
          attribute('familyName', 'Family name'),
          attribute('givenName', 'Given name'),
        ],
      }),
      attribute('displayName', 'The nickname'),
      attribute('active', 'Whether the account may sign in', { type: 'boolean' }),
      attribute('password', 'A new password (password policy applies); never returned', { mutability: 'writeOnly', returned: 'never' }),
      valueList('emails', 'The email address (the primary or first one is kept)'),
      valueList('phoneNumbers', 'The mobile phone number (the primary or first one is kept)'),
      memberRef('groups', 'Departments and roles the user holds (change them through Groups)', 'readOnly'),
    ],
    meta: meta('Schema', `${base}/Schemas/${USER_SCHEMA}`),
  };
  const enterprise = {
    id: ENTERPRISE_USER_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Enterprise user',
    attributes: [
      attribute('employeeNumber', 'The employee number (code)'),
      attribute('department', 'The name of the first department the user holds', { mutability: 'readOnly' }),
    ],
    meta: meta('Schema', `${base}/Schemas/${ENTERPRISE_USER_SCHEMA}`),
  };
  const group = {
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'A department (id dept-…) or a role (id role-…) of the platform',
    attributes: [
      attribute('externalId', "The consuming application's own identifier, kept for that application"),
      attribute('displayName', 'The name', { required: true }),
      memberRef('members', 'The users holding it', 'readWrite'),
    ],
    meta: meta('Schema', `${base}/Schemas/${GROUP_SCHEMA}`),
  };
  const platformGroup = {
    id: PLATFORM_GROUP_SCHEMA,
    name: 'PlatformGroup',
    description: 'What kind of group this is on the platform',
    attributes: [
      attribute('kind', 'department or role', { mutability: 'immutable' }),
      attribute('parent', 'The id of the parent department (dept-…), departments only'),
    ],
    meta: meta('Schema', `${base}/Schemas/${PLATFORM_GROUP_SCHEMA}`),
  };
  return [user, enterprise, group, platformGroup].map((schema) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    ...schema,
  }));
}

export function resourceTypesDocument(base: string) {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'Users of the tenant',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: meta('ResourceType', `${base}/ResourceTypes/User`),
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Departments and roles of the tenant',
      schema: GROUP_SCHEMA,
      schemaExtensions: [{ schema: PLATFORM_GROUP_SCHEMA, required: false }],
      meta: meta('ResourceType', `${base}/ResourceTypes/Group`),
    },
  ];
}

export function serviceProviderConfig(base: string) {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: true, maxOperations: MAX_BULK_OPERATIONS, maxPayloadSize: BODY_LIMIT },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: true },
    sort: { supported: true },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Application SCIM token',
        description: 'The bearer token minted for the consuming application (POST /api/blade-aps/app/scim-token?id=)',
        primary: true,
      },
    ],
    meta: meta('ServiceProviderConfig', `${base}/ServiceProviderConfig`),
  };
}

/** A list answer (RFC 7644 §3.4.2). */
export function listResponse(resources: unknown[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
