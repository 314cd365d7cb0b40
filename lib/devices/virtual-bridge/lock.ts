import {
  DoorState,
  LOCK_SETTING_DEFAULTS,
  LockState,
  lockSettingsOf,
  OperationType,
  UnlockMode,
  type LockSettings,
} from '@/lib/shared/devices/codes';
import {
  BLE_BUSY,
  EXT_FIELD,
  type KeypadOutcome,
  type LockDetails,
  type LockTrigger,
  type PinOnLock,
} from '../tedee/protocol';
import { judge, type KeypadState } from './keypad';

/**
 * One lock paired with a virtual bridge: the physics the in-process simulator had (command time,
 * jams, timeouts, slow answers, the pull spring, auto lock, the door and its alert, battery and
 * charging, the bell, the keypad with its lockout, its Bluetooth link to the bridge), kept in this
 * process's memory like a lock keeps it in its own. It tells the world only through its bridge's
 * events (`Host.emit`).
 */

export type Fault = 'timeout' | 'slow' | 'jam';

/** What the lock needs of its bridge: the clock, the command time, and the way to send events. */
export interface Host {
  now(): number;
  after(ms: number, run: () => void): () => void;
  commandMs(): number;
  emit(event: string, data: Record<string, unknown>): Promise<void>;
}

export interface LockInit {
  id: number;
  serialNumber: string;
  name: string;
  type?: 2 | 4;
  state?: number;
  doorState?: number;
  doorSensor?: boolean;
  batteryLevel?: number;
  isCharging?: boolean;
  sensorBatteryLevel?: number;
  connected?: boolean;
  settings?: Partial<LockSettings>;
  revision?: number;
  timeZone?: string;
  version?: string;
}

/** A refusal of the lock, as the bridge answers it (spec.json's 404/405/406, our 504 for a lock that stays silent). */
export class LockRefusal extends Error {
  constructor(
    readonly status: 404 | 405 | 406 | 504,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body['error-description'] ?? status));
  }
}

const TRANSITIONAL: Record<number, number> = {
  [OperationType.lock]: LockState.locking,
  [OperationType.unlock]: LockState.unlocking,
  [OperationType.pull]: LockState.pulling,
};

/** Where a command leaves the lock (the simulator's rule): see docs/devices.md, "Commands". */
export function outcome(type: number, mode: number | null, from: number, hw: LockSettings): number {
  if (type === OperationType.lock) return LockState.locked;
  const wantsPull =
    type === OperationType.pull ||
    (mode === UnlockMode.pullIfUnlocked && from === LockState.unlocked) ||
    (type === OperationType.unlock && mode !== UnlockMode.withoutPull && hw.autoPullSpringEnabled);
  return wantsPull && hw.pullSpringEnabled ? LockState.pulled : LockState.unlocked;
}

export class VirtualLock {
  readonly id: number;
  readonly serialNumber: string;
  name: string;
  readonly type: 2 | 4;
  state: number;
  jammed = false;
  doorState: number;
  doorSensor: boolean;
  batteryLevel: number;
  isCharging: boolean;
  sensorBatteryLevel: number;
  connected: boolean;
  settings: LockSettings;
  revision: number;
  timeZone: string;
  version: string;
  readonly pins = new Map<number, PinOnLock>();
  readonly keypad: KeypadState = { failures: 0, runs: 0, lockedUntil: null };
  fault: Fault | null = null;
  /** it works on a command, a PIN or new settings (its answer to another: busy) until that ends */
  working = false;
  /** held busy until then by something else (a test's knob) */
  busyUntil = 0;
  private doorOpenedAt: number | null = null;
  private cancelAutoLock?: () => void;
  private cancelSpring?: () => void;
  private cancelDoorAlert?: () => void;

  constructor(
    private readonly host: Host,
    init: LockInit,
  ) {
    this.id = init.id;
    this.serialNumber = init.serialNumber;
    this.name = init.name;
    this.type = init.type ?? 2;
    this.state = init.state ?? LockState.locked;
    this.doorSensor = init.doorSensor ?? false;
    this.doorState = init.doorState ?? (this.doorSensor ? DoorState.closed : DoorState.noSensor);
    this.batteryLevel = init.batteryLevel ?? 80;
    this.isCharging = init.isCharging ?? false;
    this.sensorBatteryLevel = init.sensorBatteryLevel ?? 90;
    this.connected = init.connected ?? true;
    this.settings = lockSettingsOf({ ...LOCK_SETTING_DEFAULTS, ...init.settings });
    this.revision = init.revision ?? 1;
    this.timeZone = init.timeZone ?? 'UTC';
    this.version = init.version ?? '2.2.11098';
  }

  private commandMs = () => this.host.commandMs();
  private timeoutMs = () => Math.max(this.commandMs() * 2, 50);
  busy = () => this.working || this.busyUntil > this.host.now();

  details(): LockDetails & Record<string, unknown> {
    const s = this.settings;
    const b = (v: boolean) => (v ? 1 : 0);
    return {
      id: this.id,
      name: this.name,
      type: this.type,
      serialNumber: this.serialNumber,
      isConnected: b(this.connected) as 0 | 1,
      rssi: -52,
      deviceRevision: this.revision,
      version: this.version,
      state: this.state,
      jammed: b(this.jammed) as 0 | 1,
      batteryLevel: this.batteryLevel,
      isCharging: b(this.isCharging) as 0 | 1,
      doorState: this.doorState,
      deviceSettings: {
        autoLockEnabled: b(s.autoLockEnabled),
        autoLockDelay: s.autoLockDelay,
        autoLockImplicitEnabled: b(s.autoLockImplicitEnabled),
        autoLockImplicitDelay: s.autoLockImplicitDelay,
        pullSpringEnabled: b(s.pullSpringEnabled),
        pullSpringDuration: s.pullSpringDuration,
        autoPullSpringEnabled: b(s.autoPullSpringEnabled),
        postponedLockEnabled: b(s.postponedLockEnabled),
        postponedLockDelay: s.postponedLockDelay,
        buttonLockEnabled: b(s.buttonLockEnabled),
        buttonUnlockEnabled: b(s.buttonUnlockEnabled),
      },
      [EXT_FIELD]: {
        doorSensor: this.doorSensor,
        sensorBatteryLevel: this.doorSensor ? this.sensorBatteryLevel : null,
      },
    };
  }

  private ref() {
    return { deviceType: this.type, deviceId: this.id, serialNumber: this.serialNumber };
  }

  /** lock-status-changed with the door state (as bridges send it) and what moved the lock (ours). */
  private status(trigger: LockTrigger, operationId?: string): Promise<void> {
    return this.host.emit('lock-status-changed', {
      ...this.ref(),
      state: this.state,
      jammed: this.jammed ? 1 : 0,
      doorState: this.doorState,
      [EXT_FIELD]: operationId ? { trigger, operationId } : { trigger },
    });
  }

  /** The lock moves to `state` by itself or by a hand at the door; its automatics follow. */
  private moveTo(state: number, trigger: LockTrigger): Promise<void> {
    this.state = state;
    this.jammed = false;
    this.afterMove();
    return this.status(trigger);
  }

  /** Arms what follows a new state: the spring lets the latch go, auto lock counts down. */
  private afterMove() {
    this.cancelSpring?.();
    this.cancelAutoLock?.();
    this.cancelSpring = this.cancelAutoLock = undefined;
    if (this.state === LockState.pulled) {
      this.cancelSpring = this.host.after(this.settings.pullSpringDuration * 1000, () => {
        this.cancelSpring = undefined;
        if (this.state === LockState.pulled) void this.moveTo(LockState.unlocked, 'spring');
      });
    }
    if (this.state === LockState.unlocked && this.settings.autoLockEnabled) {
      this.cancelAutoLock = this.host.after(this.settings.autoLockDelay * 1000, () => {
        this.cancelAutoLock = undefined;
        // a lock busy with a command finishes it first; its outcome arms auto lock again
        if (this.state === LockState.unlocked && !this.busy()) void this.moveTo(LockState.locked, 'auto');
      });
    }
  }

  private requireLink() {
    if (!this.connected) throw new LockRefusal(405, { 'error-description': 'Device is disconnected' });
  }

  private requireIdle() {
    if (this.busy()) throw new LockRefusal(406, { 'error-code': BLE_BUSY, 'error-description': 'Device is busy' });
  }

  private takeFault(kinds: readonly Fault[]): Fault | null {
    const f = this.fault;
    if (f && kinds.includes(f)) {
      this.fault = null;
      return f;
    }
    return null;
  }

  /**
   * POST /lock/{id}/lock|unlock|pull: the lock starts (the bridge answers 204 at once) and reports
   * its transitional state, then its outcome after the command time: where the command takes it,
   * semi-locked and jammed on a jam, or back where it was when it stayed silent (a timeout). Its
   * events echo the operation id the command came with (our extension).
   */
  command(type: number, mode: number | null, operationId?: string): void {
    this.requireLink();
    this.requireIdle();
    const fault = this.takeFault(['timeout', 'slow', 'jam']);
    const ms = fault === 'timeout' ? this.timeoutMs() : fault === 'slow' ? this.commandMs() * 4 : this.commandMs();
    const from = this.state;
    this.working = true;
    this.cancelAutoLock?.();
    this.cancelSpring?.();
    this.state = TRANSITIONAL[type];
    this.jammed = false;
    void this.status('remote', operationId);
    this.host.after(ms, () => {
      this.working = false;
      if (fault === 'timeout') {
        this.state = from;
        this.afterMove();
      } else if (fault === 'jam') {
        this.state = LockState.semiLocked;
        this.jammed = true;
      } else {
        this.state = outcome(type, mode, from, this.settings);
        this.afterMove();
      }
      void this.status('remote', operationId);
    });
  }

  /**
   * Something the lock must confirm before the bridge answers (a PIN, its settings): busy for the
   * command time, 504 when it stays silent (a timeout fault), four times as long when slow.
   */
  async confirmed(work: () => void): Promise<void> {
    this.requireLink();
    this.requireIdle();
    const fault = this.takeFault(['timeout', 'slow']);
    const ms = fault === 'timeout' ? this.timeoutMs() : fault === 'slow' ? this.commandMs() * 4 : this.commandMs();
    this.working = true;
    try {
      await new Promise<void>((r) => this.host.after(ms, r));
    } finally {
      this.working = false;
    }
    if (fault === 'timeout') throw new LockRefusal(504, { 'error-description': 'The lock did not confirm in time' });
    work();
  }

  /** New settings of a revision (never an older one): the lock works with them from now on. */
  applySettings(revision: number, settings: Partial<LockSettings>, timeZone?: string): boolean {
    if (timeZone) this.timeZone = timeZone;
    if (revision < this.revision) return false;
    this.revision = revision;
    this.settings = lockSettingsOf({ ...this.settings, ...settings });
    this.afterMove();
    void this.host.emit('device-settings-changed', { ...this.ref(), [EXT_FIELD]: { revision } });
    return true;
  }

  /** Someone at the door: the button (if the settings let it) or the knob. */
  press(how: 'button' | 'knob', operation: 'lock' | 'unlock'): Promise<void> {
    this.requireLink();
    this.requireIdle();
    if (
      how === 'button' &&
      !(operation === 'lock' ? this.settings.buttonLockEnabled : this.settings.buttonUnlockEnabled)
    )
      throw new LockRefusal(406, { 'error-description': `The button is set not to ${operation} this lock.` });
    return this.moveTo(operation === 'lock' ? LockState.locked : LockState.unlocked, how);
  }

  /** The door sensor sees the door open or close: the open-door alert counts down; closing may lock. */
  async door(open: boolean): Promise<void> {
    if (!this.doorSensor)
      throw new LockRefusal(406, { 'error-description': 'No door sensor is paired with this lock.' });
    this.requireLink();
    const doorState = open ? DoorState.opened : DoorState.closed;
    if (this.doorState === doorState) return;
    this.doorState = doorState;
    this.cancelDoorAlert?.();
    this.cancelDoorAlert = undefined;
    this.doorOpenedAt = open ? this.host.now() : null;
    const sent = [this.status('door')];
    if (open && this.settings.openDoorAlertEnabled) {
      const openedAt = this.doorOpenedAt;
      this.cancelDoorAlert = this.host.after(this.settings.openDoorAlertThreshold * 1000, () => {
        this.cancelDoorAlert = undefined;
        if (this.doorOpenedAt === openedAt && this.doorState === DoorState.opened)
          void this.host.emit('x-door-open-too-long', this.ref());
      });
    }
    if (!open && this.settings.autoLockAfterDoorClosedEnabled && this.state === LockState.unlocked && !this.busy())
      sent.push(this.moveTo(LockState.locked, 'auto'));
    await Promise.all(sent);
  }

  /** The door sensor leaves the lock: it no longer knows its door. */
  unpairSensor(): Promise<void> {
    this.doorSensor = false;
    this.cancelDoorAlert?.();
    this.doorOpenedAt = null;
    if (this.doorState === DoorState.noSensor) return Promise.resolve();
    this.doorState = DoorState.noSensor;
    return this.status('door');
  }

  /** The battery: its level, and whether it charges (events for each change, as bridges send them). */
  async battery(level: number, charging: boolean | undefined): Promise<void> {
    this.requireLink();
    const sent: Promise<void>[] = [];
    if (charging !== undefined && charging !== this.isCharging) {
      this.isCharging = charging;
      sent.push(
        this.host.emit(charging ? 'device-battery-start-charging' : 'device-battery-stop-charging', this.ref()),
      );
    }
    this.batteryLevel = level;
    sent.push(this.host.emit('device-battery-level-changed', { ...this.ref(), batteryLevel: level }));
    if (this.isCharging && level >= 100) sent.push(this.host.emit('device-battery-fully-charged', this.ref()));
    await Promise.all(sent);
  }

  /** The door sensor's battery, told by its lock (ours). */
  sensorBattery(level: number): Promise<void> {
    if (!this.doorSensor)
      throw new LockRefusal(406, { 'error-description': 'No door sensor is paired with this lock.' });
    this.requireLink();
    this.sensorBatteryLevel = level;
    return this.host.emit('x-sensor-battery-changed', { ...this.ref(), batteryLevel: level });
  }

  bell(): Promise<void> {
    this.requireLink();
    return this.host.emit('x-bell-pressed', this.ref());
  }

  /** Its Bluetooth link to the bridge (device-connection-changed). */
  link(connected: boolean): Promise<void> {
    if (this.connected === connected) return Promise.resolve();
    this.connected = connected;
    return this.host.emit('device-connection-changed', { ...this.ref(), isConnected: connected ? 1 : 0 });
  }

  /**
   * Someone types a PIN at the keypad (it talks to the lock, not through the bridge, so it works
   * while the bridge is away; the bridge hears of it when it can). A right PIN unlocks the lock.
   */
  async enter(
    pin: string,
  ): Promise<{ outcome: KeypadOutcome | 'ignored'; unlocked: boolean; lockedOutUntil: string | null }> {
    const now = this.host.now();
    const v = judge(this.keypad, this.pins, pin, now, this.timeZone);
    const lockedOutUntil = (t: number | null) => (t !== null && t > now ? new Date(t).toISOString() : null);
    if (v.outcome === 'ignored')
      return { outcome: 'ignored', unlocked: false, lockedOutUntil: lockedOutUntil(v.lockedUntil) };
    const data: Record<string, unknown> = { ...this.ref(), outcome: v.outcome, doorState: this.doorState };
    if (v.outcome === 'wrongPin') data.lockedOut = v.lockedOut;
    else data.pinId = v.pinId;
    const sent = [this.host.emit('x-keypad-used', data)];
    if (v.outcome === 'unlocked' && !this.busy()) sent.push(this.moveTo(LockState.unlocked, 'keypad'));
    await Promise.all(sent);
    return {
      outcome: v.outcome,
      unlocked: v.outcome === 'unlocked',
      lockedOutUntil: lockedOutUntil(this.keypad.lockedUntil),
    };
  }

  /** Test and demo knob: the lock's state as the world describes it, without events (a fresh pairing). */
  set(s: {
    state?: number;
    doorState?: number;
    batteryLevel?: number;
    isCharging?: boolean;
    settings?: Partial<LockSettings>;
  }) {
    if (s.state !== undefined) this.state = s.state;
    if (s.doorState !== undefined) this.doorState = s.doorState;
    if (s.batteryLevel !== undefined) this.batteryLevel = s.batteryLevel;
    if (s.isCharging !== undefined) this.isCharging = s.isCharging;
    if (s.settings) this.settings = lockSettingsOf({ ...this.settings, ...s.settings });
    this.afterMove();
  }

  stop() {
    this.cancelAutoLock?.();
    this.cancelSpring?.();
    this.cancelDoorAlert?.();
  }
}
