/** Status of a provider configuration (oss, sms): 1 off, 2 the tenant's enabled one. */
export const CONFIG_DISABLED = 1;
export const CONFIG_ENABLED = 2;
