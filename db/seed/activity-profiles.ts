/**
 * What happens at each demo door over a year, as weights (decisions.md event values).
 * "person" entries name a user with access; "pin" the PIN's alias (no account behind it);
 * "none" has no author (by hand at the door, automatic); "link" an access link.
 */
export type AuthorKind = 'person' | 'pin' | 'none' | 'link';
export interface Pick {
  event: number;
  source: 0 | 1;
  author: AuthorKind;
  weight: number;
}
export interface DeviceProfile {
  /** share of all entries */
  share: number;
  people: string[];
  picks: Pick[];
  /** nothing newer than this many days ago (disconnected since, unlinked since) */
  quietDays?: number;
}

const p = (event: number, source: 0 | 1, author: AuthorKind, weight: number): Pick => ({
  event,
  source,
  author,
  weight,
});

const LOCK_BASE = [
  p(33, 1, 'person', 20),
  p(32, 1, 'person', 10),
  p(35, 0, 'none', 8),
  p(34, 0, 'none', 6),
  p(36, 0, 'none', 12),
  p(39, 0, 'none', 5),
  p(38, 0, 'none', 5),
  p(40, 0, 'none', 0.3),
  p(46, 0, 'none', 0.2),
  p(50, 0, 'none', 0.2),
];
const WITH_PINS = [p(61, 0, 'pin', 12), p(62, 0, 'none', 1.5), p(75, 0, 'pin', 0.5)];
const WITH_SENSOR = [p(83, 0, 'none', 15), p(84, 0, 'none', 15), p(86, 0, 'none', 0.7)];
const PULL = [p(51, 1, 'person', 3)];
const VIA_LINK_LOCK = [p(228, 1, 'link', 2), p(226, 1, 'link', 0.5)];
const GATE = [p(10000, 1, 'person', 90)];
const VIA_LINK_GATE = [p(10001, 1, 'link', 0.8)];

const OWNER = 'owner@demo.test';
const ADMIN = 'admin@demo.test';
const GUEST = 'guest@demo.test';
const MEMBER = 'member@demo.test';

export const PROFILES: Record<string, DeviceProfile> = {
  'Front door': {
    share: 0.22,
    people: [OWNER, ADMIN, GUEST],
    picks: [...LOCK_BASE, ...WITH_PINS, ...WITH_SENSOR, ...PULL],
  },
  'Back door': {
    share: 0.15,
    people: [OWNER, ADMIN, MEMBER],
    picks: [...LOCK_BASE, ...WITH_PINS, ...WITH_SENSOR, ...PULL, ...VIA_LINK_LOCK],
  },
  Office: { share: 0.14, people: [OWNER, ADMIN, GUEST], picks: LOCK_BASE },
  'Storage room': { share: 0.08, people: [OWNER, ADMIN, MEMBER], picks: LOCK_BASE },
  'Garage side door': { share: 0.06, people: [OWNER, ADMIN], picks: [...LOCK_BASE, ...PULL], quietDays: 3 },
  'Guest apartment 2B': { share: 0.05, people: [OWNER, ADMIN], picks: LOCK_BASE },
  'Main gate': { share: 0.2, people: [OWNER, ADMIN, GUEST, MEMBER], picks: [...GATE, ...VIA_LINK_GATE] },
  'Parking barrier': { share: 0.08, people: [OWNER, ADMIN], picks: GATE, quietDays: 2 },
  'Old service gate': { share: 0.02, people: [OWNER, ADMIN], picks: GATE, quietDays: 45 },
};

/** PIN aliases per lock (must match pins.ts) for "unlocked with a PIN" entries. */
export const PIN_ALIASES: Record<string, string[]> = {
  'Front door': ['Family', 'Cleaning crew', 'Plumber visit'],
  'Back door': ['Dog walker', 'Neighbour (spare)'],
};

/** Relative busyness of each local hour 0..23: mornings and evenings at the door. */
export const HOUR_WEIGHTS = [0.2, 0.1, 0.1, 0.1, 0.2, 0.6, 2, 5, 7, 5, 3, 3, 4, 4, 3, 3, 4, 6, 7, 6, 4, 3, 1.5, 0.6];
