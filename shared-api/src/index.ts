// Everything of the sign-in part, then the resource registry and the whole SDK on top of it.
export * from './auth-index.js';
export * from './endpoint-rows.js';
export * from './field-conditions.js';
export * from './references.js';
export * from './resource.js';
export * from './resources/index.js';
export * from './sdk/client.js';
export * from './sdk/reference-search.js';
export * from './sdk/resource-client.js';
