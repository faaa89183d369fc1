import fc from 'fast-check';
import { hostileValue } from './hostile.js';

/** What this walker reads of a zod (v4) schema: its definition. */
interface ZodLike {
  _zod?: { def: Record<string, unknown> & { type: string } };
}

const plausibleString = () =>
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('1', '0', '000000', 'admin', '1123598821738675201', '2024-01-01 00:00:00', 'a,b', 'https://app.test/x'),
  );

/**
 * Values shaped by a route's schema, each field now and then replaced by a hostile value (the
 * `hostility` share of fields), so that requests get past validation into the handlers as often
 * as they are refused by it. Unknown schema kinds fall back to hostile values.
 */
export function arbitraryFor(schema: unknown, hostility = 0.25, depth = 0): fc.Arbitrary<unknown> {
  const plausible = plausibleFor(schema as ZodLike, hostility, depth);
  const weight = Math.round(hostility * 100);
  return fc.oneof({ arbitrary: plausible, weight: 100 - weight }, { arbitrary: hostileValue(), weight });
}

function plausibleFor(schema: ZodLike, hostility: number, depth: number): fc.Arbitrary<unknown> {
  const def = schema?._zod?.def;
  if (!def || depth > 6) return hostileValue();
  const inner = (key: string) => arbitraryFor(def[key], hostility, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, arbitraryFor(field, hostility, depth + 1)]));
      // Fields are left out now and then, and a stray field is added now and then.
      return fc
        .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.tuple(fc.string({ maxLength: 8 }), hostileValue())))
        .map(([record, stray]) => (stray ? { ...record, [stray[0]]: stray[1] } : record));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return arbitraryFor((def.getter as () => unknown)(), hostility, depth + 1);
    case 'array':
      return fc.array(inner('element'), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => arbitraryFor(item, hostility, depth + 1)));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 8 }), inner('valueType'), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => arbitraryFor(option, hostility, depth + 1)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'string':
      return plausibleString();
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: -2, max: 300 }), fc.constantFrom(1, 10, 200));
    case 'bigint':
      return fc.bigInt({ min: -2n, max: 2n ** 63n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.constantFrom('2024-01-01', '2024-01-01 00:00:00');
    default:
      return hostileValue();
  }
}
