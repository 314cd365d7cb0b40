import { afterAll, beforeAll } from 'vitest';
import { setConfig } from './config';
import { startSmtp } from './smtp';

/**
 * The mail server of a test file: started before its tests (in the file's first beforeAll, where
 * it is called at the top) with the mail worker pointed at it (SMTP_URL), closed after them.
 * What it returns reaches the running server from inside the tests. (Apart from smtp.ts, which
 * Playwright's e2e/members.spec.ts imports too: Vitest's hooks and config have no place there.)
 */
export function smtpForFile() {
  let server: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    server = await startSmtp();
    setConfig({ SMTP_URL: server.url });
  });
  afterAll(async () => {
    await server?.close();
  });
  const running = () => {
    if (!server) throw new Error('the mail server starts in beforeAll; use it inside a test');
    return server;
  };
  return {
    /** the mails to one address (any case), oldest first */
    to: (address: string) => running().to(address),
    down: () => running().down(),
    up: () => running().up(),
  };
}
