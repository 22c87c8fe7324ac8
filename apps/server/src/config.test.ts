import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs the embedded default when nothing is set: SQLite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.dataDir).toBe(`${process.cwd()}/data`);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('lists every bad value at once, naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT: must be a number/);
    expect(problems).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(problems).toMatch(/LOG_LEVEL: must be one of/);
    expect(problems).toMatch(/TRUST_PROXY: must be true or false/);
    expect((error as ConfigError).message.split('\n')[0]).toBe('Invalid configuration:');
  });

  it('accepts a PostgreSQL URL and a public https URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/mailroom', PUBLIC_URL: 'https://mail.example.com/' });
    expect(config.databaseUrl).toBe('postgres://db/mailroom');
    expect(config.publicUrl).toBe('https://mail.example.com');
  });
});
