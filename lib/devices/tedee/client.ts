import { createHash } from 'node:crypto';
import { DeviceFailure } from '../errors';
import type { BridgeAddress } from '../gateway';
import { apiKey, TOKEN_HEADER } from './protocol';

/**
 * HTTP to one bridge (the Tedee Bridge API's transport): the `api_token` header made for each
 * request as bridge-api/howtos/authenticate.md says, a time limit on every request, and the two
 * ways the network fails told apart (the adapter answers them differently): nobody took the
 * connection (`refused`), or nobody answered in time (`timeout`).
 */

export interface BridgeHttpConfig {
  /** a read or a command: the bridge answers at once (a command starts, its outcome comes as an event) */
  timeoutMs: number;
  /** a write the lock confirms before the bridge answers (a PIN, settings) */
  confirmTimeoutMs: number;
}

export class BridgeNetworkFailure extends DeviceFailure {
  constructor(
    readonly network: 'refused' | 'timeout',
    message: string,
  ) {
    super(network === 'timeout' ? 'device_timeout' : 'device_unreachable', message);
  }
}

export interface BridgeResponse {
  status: number;
  json: unknown;
  headers: Headers;
}

const sha256Hex = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Encrypted api_keys are good once: this process never makes two in the same millisecond (unless
 * its clock went back by more than a second; a key the bridge has seen then is answered 401, and
 * the request is made again with the next millisecond).
 */
let lastStamp = 0;
function keyFor(bridge: BridgeAddress): string {
  const now = Date.now();
  const stamp = now < lastStamp - 1000 ? now : Math.max(now, lastStamp + 1);
  lastStamp = stamp;
  return apiKey(bridge.token, bridge.tokenMode, stamp, sha256Hex);
}

export function urlOf(bridge: Pick<BridgeAddress, 'baseUrl'>, path: string): string {
  return `${bridge.baseUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * One request. A 401 to an encrypted key is tried once more with a new one: another server
 * process may have sent a key of the same millisecond, which the bridge takes only once.
 */
export async function bridgeRequest(
  bridge: BridgeAddress,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; timeoutMs: number },
): Promise<BridgeResponse> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { ...opts.headers, [TOKEN_HEADER]: keyFor(bridge) };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    try {
      res = await fetch(urlOf(bridge, path), { method, headers, body, signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (e) {
      const err = e as { name?: string; cause?: { name?: string } };
      if (err.name === 'TimeoutError' || err.cause?.name === 'TimeoutError')
        throw new BridgeNetworkFailure(
          'timeout',
          'The bridge did not answer in time: it may be offline or overloaded.',
        );
      throw new BridgeNetworkFailure('refused', 'The bridge cannot be reached: it is offline or its address is wrong.');
    }
    if (res.status === 401 && attempt < 2 && bridge.tokenMode === 'encrypted') {
      await res.arrayBuffer().catch(() => undefined);
      continue;
    }
    const text = await res.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, headers: res.headers };
  }
}

/** The bridge's words for a refusal (`error-description`), for a message a person reads. */
export function describe(r: BridgeResponse): string {
  const d = (r.json as { 'error-description'?: unknown } | null)?.['error-description'];
  return typeof d === 'string' ? d : `status ${r.status}`;
}
