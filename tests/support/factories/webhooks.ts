import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { webhookDeliveries, webhookOutbox, webhookSubscriptions } from '@/db/schema';
import { dispatchOutbox } from '@/lib/domain/webhooks/dispatch';
import { runWebhookPass } from '@/lib/domain/webhooks/pass';
import { encryptSecret } from '@/lib/crypto/secrets';
import { newWebhookSecret } from '@/lib/domain/webhooks/subscriptions';
import type { WebhookEvent } from '@/lib/shared/webhooks/events';
import { afterEach } from 'vitest';
import { db } from './core';
import { checkWebhookAgainstOpenApi } from '../openapi-check';

export interface Received {
  headers: Record<string, string>;
  body: string;
  json: any;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** how to answer the n-th request (0-based); default 200 "ok" */
  respond: (fn: (r: Received, n: number) => { status: number; body?: string; delayMs?: number }) => void;
  close: () => Promise<void>;
  /** listen again on the same port (after close) */
  reopen: () => Promise<void>;
}

/**
 * The receivers of a test file, each closed after the test that started it: called at the file's
 * top, it returns what starts one (startReceiver) in a test.
 */
export function receiversClosedAfterEach(): () => Promise<Receiver> {
  const open: Receiver[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((r) => r.close().catch(() => {})));
  });
  return async () => {
    const r = await startReceiver();
    open.push(r);
    return r;
  };
}

/** A real HTTP endpoint on 127.0.0.1 (port 0) that records what it gets. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let answer: (r: Received, n: number) => { status: number; body?: string; delayMs?: number } = () => ({
    status: 200,
    body: 'ok',
  });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      const r: Received = { headers: req.headers as Record<string, string>, body, json };
      received.push(r);
      const out = answer(r, received.length - 1);
      setTimeout(
        () => res.writeHead(out.status, { 'content-type': 'text/plain' }).end(out.body ?? ''),
        out.delayMs ?? 0,
      );
      // every message must be what the OpenAPI document's webhooks say; a mismatch is an unhandled error, which fails the run
      if (json !== null) checkWebhookAgainstOpenApi(r.headers, json);
    });
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/${randomUUID().slice(0, 8)}`,
    port,
    received,
    respond: (fn) => (answer = fn),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    reopen: () => listen(port),
  };
}

/**
 * Subscriptions this test file made: passes are limited to them, so test files sharing one
 * Postgres database never send (or time-travel) each other's deliveries.
 */
export const mySubscriptions: string[] = [];
export const scope = () => ({ subscriptionIds: mySubscriptions });

/**
 * A worker pass over this file's subscriptions. First waits until no event waits for fan-out:
 * on a shared database another file's pass may hold our events (SKIP LOCKED) for a moment.
 */
export async function passFor(at = new Date(), batch?: number) {
  const d = await db();
  for (let i = 0; i < 100; i++) {
    const [waiting] = await d
      .select({ id: webhookOutbox.id })
      .from(webhookOutbox)
      .where(isNull(webhookOutbox.dispatchedAt))
      .limit(1);
    if (!waiting) break;
    await dispatchOutbox(d, at);
    await new Promise((r) => setTimeout(r, 10));
  }
  return runWebhookPass(d, at, { ...scope(), batch });
}

/** A subscription straight in the database (the API path is tested on its own); returns its secret. */
export async function createSubscription(opts: {
  url: string;
  userId?: string;
  organizationId?: number;
  events?: WebhookEvent[];
  enabled?: boolean;
}) {
  const d = await db();
  const secret = newWebhookSecret();
  const id = randomUUID();
  const [s] = await d
    .insert(webhookSubscriptions)
    .values({
      id,
      userId: opts.userId ?? null,
      organizationId: opts.organizationId ?? null,
      url: opts.url,
      events: opts.events ?? [
        'device-battery-level-changed',
        'device-connection-changed',
        'device-settings-changed',
        'lock-status-changed',
        'bell-button-pressed',
      ],
      enabled: opts.enabled ?? true,
      secretCiphertext: encryptSecret(secret, 'webhook_subscriptions', id),
    })
    .returning();
  mySubscriptions.push(s.id);
  return { ...s, secret };
}

export async function deliveriesOf(subscriptionId: string) {
  const d = await db();
  return d
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(webhookDeliveries.id);
}

export async function subscriptionRow(id: string) {
  const d = await db();
  const [s] = await d.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  return s;
}
