import { randomInt } from 'node:crypto';

/**
 * A client of its own for a case, named as a trusted proxy names it (X-Forwarded-For), so the
 * per-address limits (sign-up, mail, second factor, guest links) never see two cases as one.
 * A real address (IPv6 documentation range, 2001:db8::/32): through a server the address must be
 * valid, or it is ignored and every case is the proxy's own address (tests/support/cluster-setup.ts).
 */
const group = () => randomInt(0x10000).toString(16);
export const aClient = () => ({ 'x-forwarded-for': `2001:db8:${group()}:${group()}:${group()}::${group()}` });
