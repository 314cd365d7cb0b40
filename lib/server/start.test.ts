import { describe, expect, it } from 'vitest';
import { setConfig } from '@/tests/support/config';
import { startFailure, startServer } from './start';

/**
 * The whole configuration is parsed before anything else (issue 28): a value that is set but not
 * accepted stops the server with one line naming the variable, before secrets, database or workers.
 */
describe('a value the configuration does not accept stops the start, naming its variable', () => {
  it.each([
    [
      { SIM_COMMAND_MS: 'fast' },
      /^Refusing to start: SIM_COMMAND_MS must be a number of milliseconds, 0 or more, not "fast"$/,
    ],
    [{ TRUST_PROXY_HOPS: '11' }, /^Refusing to start: TRUST_PROXY_HOPS must be a whole number from 0 to 10, not "11"$/],
    [{ BACKGROUND_WORKERS: 'yes' }, /^Refusing to start: BACKGROUND_WORKERS must be 1 \(on\) or 0 \(off\), not "yes"$/],
    [
      { NEXTAUTH_URL: 'locks.example.com' },
      /^Refusing to start: NEXTAUTH_URL is not a URL: set it to the address people open/,
    ],
    [{ NEXTAUTH_URL: 'ftp://locks.example.com' }, /^Refusing to start: NEXTAUTH_URL must start with https:\/\//],
    [{ SMTP_URL: 'https://smtp.example.com' }, /^Refusing to start: SMTP_URL must start with smtp:\/\/ or smtps:\/\/$/],
  ])('%j', async (values, line) => {
    setConfig(values);
    const failure = await startServer().then(
      () => 'started',
      (e: unknown) => startFailure(e),
    );
    expect(failure).toMatch(line);
    expect(failure.split('\n')).toHaveLength(1);
  });
});
