/**
 * The virtual bridge's clock: real time plus an offset that its control surface can move forward
 * (`advance`), so a test makes a minute pass for the hardware (auto lock, the open-door alert, a
 * keypad lockout) without waiting for it. Timers are kept here, not in setTimeout alone: advancing
 * fires every timer that came due, in order, before the control call answers.
 */
const MAX_DELAY = 2 ** 31 - 1;

export class VirtualClock {
  private offset = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; run: () => void; handle?: ReturnType<typeof setTimeout> }>();

  now(): number {
    return Date.now() + this.offset;
  }

  /** Runs `run` when the clock reaches `ms` from now; returns the way to cancel it. */
  after(ms: number, run: () => void): () => void {
    const id = ++this.seq;
    const t: { at: number; run: () => void; handle?: ReturnType<typeof setTimeout> } = { at: this.now() + ms, run };
    this.timers.set(id, t);
    this.arm(id);
    return () => this.cancel(id);
  }

  private arm(id: number) {
    const t = this.timers.get(id);
    if (!t) return;
    if (t.handle) clearTimeout(t.handle);
    // setTimeout holds at most 2^31-1 ms (24.8 days; more fires at once): a later timer wakes up then and waits again
    t.handle = setTimeout(() => this.wake(id), Math.min(MAX_DELAY, Math.max(0, t.at - this.now())));
    t.handle.unref?.();
  }

  /** A timer's setTimeout went off: it runs if it is due by this clock, or waits on (a long timer, a clock set back). */
  private wake(id: number) {
    const t = this.timers.get(id);
    if (!t) return;
    if (t.at > this.now()) this.arm(id);
    else this.fire(id);
  }

  private fire(id: number) {
    const t = this.timers.get(id);
    if (!t) return;
    this.timers.delete(id);
    if (t.handle) clearTimeout(t.handle);
    t.run();
  }

  private cancel(id: number) {
    const t = this.timers.get(id);
    if (t?.handle) clearTimeout(t.handle);
    this.timers.delete(id);
  }

  /** Moves the clock forward: every timer due by then fires, earliest first (a timer set meanwhile too). */
  advance(ms: number): void {
    const target = this.now() + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.offset += Math.max(0, due[1].at - this.now());
      this.fire(due[0]);
    }
    this.offset += Math.max(0, target - this.now());
    for (const id of this.timers.keys()) this.arm(id);
  }

  /** How many timers are waiting (a test waits for a quiet bridge). */
  pending(): number {
    return this.timers.size;
  }

  stop(): void {
    for (const t of this.timers.values()) if (t.handle) clearTimeout(t.handle);
    this.timers.clear();
  }
}
