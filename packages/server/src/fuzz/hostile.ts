import fc from 'fast-check';

/**
 * Inputs that have broken servers before: control characters, huge and odd numbers, SQL and path
 * fragments, broken encodings, empty and whitespace strings, unicode beyond the BMP, and lengths
 * far past any column. Strings here travel in query strings, JSON, forms and file names alike.
 */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'ad\u0000min',
  'a\u0001\u001f\u007fb',
  'line\r\nbreak\ttab',
  '%00',
  '%',
  '%E0%A4%A',
  "' or 1=1 --",
  "1'; drop table blade_user; --",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '1e309',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '0x7fffffff',
  '99999999999999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '1,2,,3,',
  ',',
  '2024-02-30 25:61:61',
  '9999-12-31 23:59:59',
  '钢铁集团',
  '𠜎😀\u202e\u200b',
  '\ud800',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent as written
  '${jndi:ldap://x}',
  'x'.repeat(5_000),
];

/** One string of a megabyte, sent now and then (bodies only: an address that long is refused by the HTTP parser). */
export const MEGABYTE = 'm'.repeat(1024 * 1024);

/** Values of the wrong type for any field. */
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  // biome-ignore lint/correctness/noPrecisionLoss: past int8 on purpose; JSON carries it as written
  9223372036854775807,
  [],
  {},
  ['1', 2, null],
  { $gt: '' },
  { constructor: { prototype: { polluted: true } } },
  [[[[[[[[[['deep']]]]]]]]]],
];

/** A value nested past the depth any form of the API uses. */
export function deeplyNested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}

export const hostileString = () => fc.constantFrom(...HOSTILE_STRINGS);
export const hostileValue = () => fc.oneof(hostileString(), fc.constantFrom(...HOSTILE_VALUES));
