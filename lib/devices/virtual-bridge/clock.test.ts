import { describe, expect, it } from 'vitest';
import { VirtualClock } from './clock';

const DAY = 86_400_000;
const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the virtual bridge's clock", () => {
  it('a timer further away than setTimeout can hold (24.8 days) waits for its time instead of firing at once', async () => {
    const clock = new VirtualClock();
    let ran = 0;
    clock.after(30 * DAY, () => ran++);
    await tick(30);
    expect(ran).toBe(0);
    clock.advance(30 * DAY);
    expect(ran).toBe(1);
    clock.stop();
  });

  it('advancing fires what came due, earliest first, and leaves the rest waiting', () => {
    const clock = new VirtualClock();
    const order: string[] = [];
    clock.after(2000, () => order.push('b'));
    clock.after(1000, () => order.push('a'));
    clock.after(10_000, () => order.push('c'));
    clock.advance(5000);
    expect(order).toEqual(['a', 'b']);
    expect(clock.pending()).toBe(1);
    clock.stop();
  });
});
