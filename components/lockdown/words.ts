import type { Lockdown } from '@/lib/client/lockdowns';
import { showInZone } from '@/lib/shared/access/schedule-text';

/** "Since 29 Nov 2026, 14:02 (Europe/Warsaw), by Anna Nowak": in the lockdown's own zone. */
export const lockdownSince = (l: Pick<Lockdown, 'startedAt' | 'startedByName' | 'timeZone'>) =>
  `Since ${showInZone(l.startedAt, l.timeZone)} (${l.timeZone})${l.startedByName ? `, by ${l.startedByName}` : ''}`;

/** "Lifted 29 Nov 2026, 15:10 (Europe/Warsaw)" */
export const liftedWhen = (l: Pick<Lockdown, 'liftedAt' | 'timeZone'>) =>
  `Lifted ${showInZone(l.liftedAt!, l.timeZone)} (${l.timeZone})`;
