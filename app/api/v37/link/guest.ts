import type { NextRequest } from 'next/server';
import type { Guest } from '@/lib/domain/accesslinks/guest';
import { clientAddress } from '@/lib/http/client-address';

/**
 * The guest endpoints carry the link token in their path: no Referer may leak it, and no cache
 * may keep the answers.
 */
export const PRIVATE_HEADERS = { 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };

type Handler = (req: NextRequest, rc: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export function privately(h: Handler): Handler {
  const w: Handler = async (req, rc) => {
    const res = await h(req, rc);
    for (const [k, v] of Object.entries(PRIVATE_HEADERS)) res.headers.set(k, v);
    return res;
  };
  // keep what route() attached (its declared scopes, read by the contract harness)
  for (const s of Object.getOwnPropertySymbols(h)) Object.defineProperty(w, s, Object.getOwnPropertyDescriptor(h, s)!);
  return w;
}

/** The client address for rate limiting (lib/http/client-address.ts). */
export function guestOf(req: NextRequest): Guest {
  return { ip: clientAddress(req.headers) };
}
