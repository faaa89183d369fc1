import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has defaults for a laptop', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', SSO_DATA_DIR: './data' });
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL=.*postgres/);
    expect(() => loadConfig({ SSO_ARGON2_MEMORY_KIB: '1024' })).toThrow(/SSO_ARGON2_MEMORY_KIB/);
  });
});
