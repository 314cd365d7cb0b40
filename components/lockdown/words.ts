import type { Lockdown } from '@/lib/client/lockdowns';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "Since 29 Nov, 14:02, by Anna Nowak" */
export const lockdownSince = (l: Pick<Lockdown, 'startedAt' | 'startedByName'>) =>
  `Since ${when(l.startedAt)}${l.startedByName ? `, by ${l.startedByName}` : ''}`;

/** "Lifted 29 Nov, 15:10" */
export const liftedWhen = (iso: string) => `Lifted ${when(iso)}`;
