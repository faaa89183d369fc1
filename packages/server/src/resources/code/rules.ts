import type { ResourceRules } from '../../engine/types.js';

/** The column settings are kept as JSON (a jsonb column); PostgreSQL and PGlite read them back parsed. */
export const codeRules: ResourceRules = {
  async beforeSave({ values }) {
    if (Array.isArray(values.fields)) values.fields = JSON.stringify(values.fields);
  },
};
