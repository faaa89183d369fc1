import { AddressRate } from '../kernel/address-rate.js';

/**
 * Error-log rows caused by requests without a signed-in caller are capped per client address:
 * anyone can send requests, and a request that keeps failing must not be able to flood the error
 * log (or the database behind it). Past the cap the entries are dropped and counted; signed-in
 * callers are not capped (they are accountable and rate-limited elsewhere).
 */
export class ErrorLogLimit {
  /** Entries dropped since the server started. */
  dropped = 0;
  private readonly rate: AddressRate;

  constructor(perWindow = 10, windowMs = 60_000, maxAddresses = 10_000) {
    this.rate = new AddressRate(perWindow, windowMs, maxAddresses);
  }

  /** Whether an anonymous failure from this address may be written; counts it either way. */
  allow(address: string, now = Date.now()): boolean {
    if (this.rate.take(address, now).allowed) return true;
    this.dropped++;
    return false;
  }

  /** Whether this drop is the first of its address's window (worth one warning, not one per request). */
  firstDrop(address: string): boolean {
    return this.rate.overBudget(address) === 1;
  }
}
