import type { AppContext } from '../../context.js';
import { AddressRate } from '../../kernel/address-rate.js';

/**
 * Per-address budgets of the public calls that write a row (start reports, downloads), one set per
 * server: anyone may call them, so what one address can make the server write is bounded.
 */
const budgets = new WeakMap<AppContext, Map<string, AddressRate>>();

export function addressBudget(ctx: AppContext, name: string, perMinute: number): AddressRate {
  const byName = budgets.get(ctx) ?? new Map<string, AddressRate>();
  budgets.set(ctx, byName);
  const rate = byName.get(name) ?? new AddressRate(perMinute, 60_000);
  byName.set(name, rate);
  return rate;
}
