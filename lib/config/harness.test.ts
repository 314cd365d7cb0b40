import { describe, expect, it } from 'vitest';
import { withConfig } from '@/tests/support/config';
import { config, setEnv } from './index';
import { childEnv, harness } from './harness';

describe('the harness settings (tests, browser tests, bench)', () => {
  it('have their defaults, parse their values and name a variable whose value is not accepted', () => {
    const undo = setEnv({ BENCH_SECONDS: undefined, TEST_BRIDGE_PORTS: '4600-4699', BENCH_ONLY: 'unlock|pin' });
    try {
      const h = harness();
      expect(h.BENCH_SECONDS).toBe(10);
      expect(h.TEST_BRIDGE_PORTS).toEqual({ from: 4600, to: 4699 });
      expect(h.BENCH_ONLY?.test('PIN create')).toBe(true);
      setEnv({ TEST_BRIDGE_PORTS: '4699-4600' });
      expect(() => harness()).toThrow(/^TEST_BRIDGE_PORTS must be a range of ports/);
      setEnv({ TEST_BRIDGE_PORTS: undefined, E2E_SCREENS: 'no' });
      expect(() => harness()).toThrow(/^E2E_SCREENS must be 1 \(on\) or 0 \(off\), not "no"/);
    } finally {
      setEnv({ E2E_SCREENS: undefined });
      undo();
    }
    expect(harness().TEST_BRIDGE_PORTS).toBeUndefined();
  });

  it('setEnv puts back what was there, sets only what is unset when asked, and config() sees it at once', async () => {
    await withConfig({ MAIL_FROM: 'a@example.test' }, () => {
      const undo = setEnv({ MAIL_FROM: 'b@example.test' }, { onlyUnset: true });
      expect(config().MAIL_FROM).toBe('a@example.test');
      const undo2 = setEnv({ MAIL_FROM: undefined });
      expect(config().MAIL_FROM).toBeUndefined();
      undo2();
      undo();
      expect(config().MAIL_FROM).toBe('a@example.test');
    });
  });

  it('childEnv is this environment with the changes, a change to undefined leaving the variable out', async () => {
    await withConfig({ MAIL_FROM: 'a@example.test' }, () => {
      const env = childEnv({ MAIL_FROM: undefined, PORT: '4999' });
      expect(env.MAIL_FROM).toBeUndefined();
      expect('MAIL_FROM' in env).toBe(false);
      expect(env.PORT).toBe('4999');
      expect(env.PATH).toBeTruthy();
    });
  });
});
