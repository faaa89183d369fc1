import { describe, expect, it } from 'vitest';
import { ScimError } from './errors.js';
import { matches, parseFilter } from './filter.js';
import { applyPatch, parsePatchBody } from './patch.js';

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const user = {
  id: '1',
  userName: 'Alice',
  active: true,
  emails: [
    { value: 'alice@work.example', type: 'work' },
    { value: 'alice@home.example', type: 'home' },
  ],
  name: { formatted: '张三' },
  [ENTERPRISE]: { employeeNumber: 'E-1' },
  meta: { lastModified: '2024-05-01T08:00:00.000Z' },
};

describe('SCIM filters', () => {
  it.each([
    ['userName eq "alice"', true],
    ['username EQ "ALICE"', true],
    ['userName ne "alice"', false],
    ['userName co "lic"', true],
    ['userName sw "al" and userName ew "CE"', true],
    ['emails pr and not (active eq false)', true],
    ['nickName pr', false],
    ['nickName ne "x"', true],
    ['emails.value ew "@home.example"', true],
    ['emails co "work"', true],
    ['emails[type eq "home" and value sw "alice@home"]', true],
    ['emails[type eq "other"]', false],
    ['name.formatted eq "张三"', true],
    [`${ENTERPRISE}:employeeNumber eq "e-1"`, true],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "alice"', true],
    ['meta.lastModified gt "2024-05-01T07:59:59Z"', true],
    ['meta.lastModified ge "2024-05-01T16:00:00+08:00"', true],
    ['meta.lastModified lt "2024-05-01T16:00:00+08:00"', false],
    ['userName eq "bob" or (userName eq "alice" and active eq true)', true],
    ['userName eq "bob" or userName eq "carol" and active eq true', false],
    ['id eq "1" and userName eq "x" or active eq true', true],
    ['userName eq "a\\"b"', false],
  ])('%s → %s', (filter, expected) => {
    expect(matches(user, parseFilter(filter))).toBe(expected);
  });

  it('never fails other than with a SCIM error, whatever the text', () => {
    const pieces = [
      'userName',
      'eq',
      '"x"',
      '(',
      ')',
      '[',
      ']',
      'and',
      'or',
      'not',
      'pr',
      'gt',
      '1',
      'true',
      'null',
      '"',
      '\\',
      'emails.value',
      'urn:a:b',
      '.',
      ' ',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 1 + (next() % 8) }, () => pieces[next() % pieces.length]).join(next() % 2 ? ' ' : '');
      try {
        matches(user, parseFilter(text));
      } catch (error) {
        expect(error, text).toBeInstanceOf(ScimError);
        expect((error as ScimError).status).toBe(400);
      }
    }
  });
});

describe('SCIM PATCH operations', () => {
  const body = (...Operations: unknown[]) => ({ schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations });

  it('adds to, replaces in and removes from multi-valued attributes by filter', () => {
    const patched = applyPatch(
      user,
      parsePatchBody(
        body(
          { op: 'add', path: 'emails', value: [{ value: 'new@x.example', type: 'other' }, { value: 'ALICE@work.example' }] },
          { op: 'replace', path: 'emails[type eq "work"].value', value: 'a@work.example' },
          { op: 'remove', path: 'emails[type eq "home"]' },
          { op: 'replace', value: { userName: 'alice2', [ENTERPRISE]: { employeeNumber: 'E-2' } } },
        ),
        ['id'],
      ),
    );
    expect(patched.emails).toEqual([
      { value: 'a@work.example', type: 'work' },
      { value: 'new@x.example', type: 'other' },
    ]);
    expect(patched.userName).toBe('alice2');
    expect(patched[ENTERPRISE]).toEqual({ employeeNumber: 'E-2' });
    expect(user.emails).toHaveLength(2);
  });
});
