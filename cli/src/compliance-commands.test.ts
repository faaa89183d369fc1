import { startTestServer, type TestServer } from '@sso/server/testing';
import type { ComplianceReportAnswer, PersonalDataStateAnswer } from '@sso/shared-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHome } from './cli-home.testkit.js';

/** `sso compliance report`: each control of the compliance profile with its state, as a table or as JSON for the assessor. */
let server: TestServer;
let home: Awaited<ReturnType<typeof adminHome>>;

beforeAll(async () => {
  server = await startTestServer({ SSO_ENCRYPT_PERSONAL_DATA: 'false' });
  home = await adminHome(server);
});
afterAll(async () => {
  home?.cleanup();
  await server?.close();
});

// First, while no profile is on: a profile turned on brings the encryption with it.
describe('sso compliance personal-data', () => {
  it('turns the encryption of phone and email on with the first rotation, then rotates, and shows the keys', async () => {
    const before = JSON.parse((await home.sso(['compliance', 'personal-data', '--json'])).out) as PersonalDataStateAnswer;
    expect(before).toMatchObject({ encrypted: false, currentKeyId: null });
    const on = await home.sso(['compliance', 'personal-data-rotate', '--json']);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.out)).toMatchObject({ encrypted: true, currentKeyId: 1, pending: 0 });
    const rotated = JSON.parse((await home.sso(['compliance', 'personal-data-rotate', '--json'])).out) as PersonalDataStateAnswer;
    expect(rotated).toMatchObject({ currentKeyId: 2, pending: 0 });
    expect(rotated.keys.map((key) => key.id)).toEqual([1, 2]);
    const report = JSON.parse((await home.sso(['compliance', 'report', '--json'])).out) as ComplianceReportAnswer;
    expect(report.controls.find((control) => control.id === 'crypto.sm4')).toMatchObject({ state: 'met' });
  });
});

describe('sso compliance report', () => {
  it('answers the controls as JSON, and follows a change of the settings', async () => {
    const json = await home.sso(['compliance', 'report', '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as ComplianceReportAnswer;
    expect(report.controls.find((control) => control.id === 'profile')).toMatchObject({ state: 'not met' });

    const saved = await home.sso(['compliance', 'submit', '--data', '{"profile":true}']);
    expect(saved.code).toBe(0);
    const after = JSON.parse((await home.sso(['compliance', 'report', '--json'])).out) as ComplianceReportAnswer;
    expect(after.controls.find((control) => control.id === 'profile')).toMatchObject({ state: 'met' });
  });

  it('prints a table of the controls for a person', async () => {
    const table = await home.sso(['compliance', 'report']);
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/password\.expiry\s+\S/);
    expect(table.out).toContain('not met');
  });
});
