import { z } from 'zod';
import { idString } from '../../common.js';
import { defineExtra } from '../../resource.js';

/** `enable` of a provider configuration (oss, sms): the one the tenant uses; its others go off. */
export const enableExtra = (permission: string) =>
  defineExtra({
    method: 'POST',
    fieldsFrom: 'query-or-body',
    path: 'enable',
    summary: 'Enable this configuration and disable the tenant’s others',
    query: z.object({ id: idString }),
    response: z.boolean(),
    permission,
  });
