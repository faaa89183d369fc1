import { optionSources, toTreeOptions } from '../../crud/option-sources.js';

export interface Choice {
  value: string;
  label: string;
}

const choices = async (source: string): Promise<Choice[]> =>
  toTreeOptions((await optionSources[source]?.load()) ?? []).map((option) => ({ value: option.value, label: option.title }));

/** The tenant's mobile applications as choices (id → name). */
export const loadApps = () => choices('appversionmanage.appId');
/** The tenant's users as choices, shown as name (account). */
export const loadUsers = () => choices('appmembermanage.userId');
