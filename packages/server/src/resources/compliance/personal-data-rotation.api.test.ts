import type { PersonalDataStateAnswer } from '@sso/shared-api';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../api-suite.testkit.js';
import { backgroundRewrite } from './personal-data.js';

/**
 * A rotation's call answers after SSO_ROTATION_WAIT_SECONDS (here none: after its first batch of
 * 200 rows) and the rewrite goes on in the background: the state shows what is left, then nothing.
 */
const suite = useTestServer({ SSO_ENCRYPT_PERSONAL_DATA: 'false', SSO_ROTATION_WAIT_SECONDS: 0 });
const raw = () => suite.server.ctx.db.withoutPlugins();
const PEOPLE = 250;

describe('a key rotation over more users than one batch', () => {
  it('answers with what is left and finishes in the background', async () => {
    await sql`insert into blade_user (id, tenant_id, account, password, real_name, phone, create_time, update_time)
      select 8100000000000000000 + n, '000000', 'rot' || n, 'not-a-password', 'R' || n, '139' || lpad(n::text, 8, '0'), now(), now()
      from generate_series(1, ${PEOPLE}) as n`.execute(raw());
    const answered = (await suite.admin.system.compliance.rotatePersonalDataKey()) as PersonalDataStateAnswer;
    expect(answered.encrypted).toBe(true);
    // One batch (200 rows) done before answering, the rest left to the background.
    expect(answered.pending).toBe(PEOPLE - 200);
    // Still running, or already done: either way nothing else is asked of the server in between.
    await backgroundRewrite(suite.server.ctx);
    expect(((await suite.admin.system.compliance.personalData()) as PersonalDataStateAnswer).pending).toBe(0);
    const clear = await sql<{ n: string }>`select count(*) as n from blade_user where phone like '139%'`.execute(raw());
    expect(Number(clear.rows[0]?.n)).toBe(0);
    // Every reader still sees the plain numbers.
    const found = await suite.admin.user.user.page({ phone: '13900000250' });
    expect(found.records.map((r) => r.account)).toEqual(['rot250']);
  });
});
