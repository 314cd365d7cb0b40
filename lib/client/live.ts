'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deviceKeys } from './devices';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

/**
 * Keeps the portal's caches current: listens to GET /api/v37/my/events (Server-Sent Events) and,
 * for each changed device, refetches what shows it (the device lists, the lock, the activity
 * feeds), gathered over 150 ms so a burst is one refetch. The browser reconnects by itself; the
 * status says whether the page is live.
 */
export function useLiveUpdates(): LiveStatus {
  const qc = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const es = new EventSource('/api/v37/my/events');
    const changed = new Set<number>();
    let activity = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const id of changed) void qc.invalidateQueries({ queryKey: deviceKeys.lock(id) });
      if (changed.size) {
        void qc.invalidateQueries({ queryKey: deviceKeys.details });
        void qc.invalidateQueries({ queryKey: deviceKeys.attention });
        void qc.invalidateQueries({ queryKey: deviceKeys.gates });
        void qc.invalidateQueries({ queryKey: deviceKeys.doorSensors });
      }
      if (activity) void qc.invalidateQueries({ queryKey: ['device-activity'] });
      changed.clear();
      activity = false;
    };
    es.addEventListener('ready', () => setStatus('live'));
    es.addEventListener('device', (m) => {
      try {
        const e = JSON.parse((m as MessageEvent<string>).data) as { kind: 'activity' | 'state'; deviceId: number };
        changed.add(e.deviceId);
        if (e.kind === 'activity') activity = true;
        timer ??= setTimeout(flush, 150);
      } catch {
        /* not ours */
      }
    });
    es.addEventListener('end', () => {
      es.close();
      setStatus('ended');
    });
    es.onerror = () => setStatus(es.readyState === EventSource.CLOSED ? 'ended' : 'reconnecting');
    return () => {
      es.close();
      if (timer) clearTimeout(timer);
    };
  }, [qc]);
  return status;
}
