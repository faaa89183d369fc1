import { translationConflicts } from '@sso/shared-api';
import { describe, expect, it } from 'vitest';
import './app.js';

describe('server messages', () => {
  it('gives each Chinese message one English, with every module of the server loaded', () => {
    expect(translationConflicts).toEqual([]);
  });
});
