import { describe, expect, it } from 'vitest';
import { registerProblem } from './register-dialog.js';

describe('registration checks, in order', () => {
  it('asks for the tenant, then the account, then both passwords, then equal passwords', () => {
    expect(registerProblem({})).toBe('register.tenantFirst');
    expect(registerProblem({ tenantId: '000000' })).toBe('register.accountFirst');
    expect(registerProblem({ tenantId: '000000', account: 'u' })).toBe('register.passwordFirst');
    expect(registerProblem({ tenantId: '000000', account: 'u', password: 'a' })).toBe('register.passwordFirst');
    expect(registerProblem({ tenantId: '000000', account: 'u', password: 'a', password2: 'b' })).toBe('register.mismatch');
    expect(registerProblem({ tenantId: '000000', account: 'u', password: 'a', password2: 'a' })).toBeUndefined();
  });
});
