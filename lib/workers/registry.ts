import type { StopWorker, BackgroundWorker } from './index';

/**
 * The background workers of one server process, started by lib/server/start.ts and stopped by
 * lib/server/shutdown.ts. Kept apart from the loop (./index) that the workers themselves import,
 * so the registry and the workers do not import each other.
 */
const registry: Array<() => Promise<BackgroundWorker>> = [
  () => import('@/lib/domain/webhooks/worker').then((m) => m.worker),
  () => import('@/lib/devices/worker').then((m) => m.worker),
  () => import('@/lib/domain/pins/expiry').then((m) => m.worker),
  () => import('@/lib/domain/devices/gate-sync').then((m) => m.worker),
  () => import('@/lib/mail/worker').then((m) => m.worker),
  () => import('@/lib/domain/notifications/worker').then((m) => m.worker),
  () => import('@/lib/oauth/sweep').then((m) => m.worker),
  () => import('@/lib/domain/activity/partitions').then((m) => m.worker),
  () => import('@/lib/domain/lockdown/worker').then((m) => m.worker),
  () => import('@/lib/domain/timetables/worker').then((m) => m.worker),
  () => import('@/lib/domain/reports/worker').then((m) => m.worker),
];

const g = globalThis as unknown as { __workersStop?: StopWorker[] };

export async function startWorkers(): Promise<void> {
  if (g.__workersStop) return;
  g.__workersStop = [];
  for (const load of registry) {
    const w = await load();
    g.__workersStop.push(w.start());
    console.log(`worker started: ${w.name}`);
  }
}

/** Stops every worker of this process; resolves when the passes under way have finished. */
export async function stopWorkers(): Promise<void> {
  const stops = g.__workersStop ?? [];
  g.__workersStop = undefined;
  await Promise.all(stops.map((stop) => stop()));
}
