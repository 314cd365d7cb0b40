/**
 * What a mailed-link token looks like (32 random bytes, base64url): anything else is refused before
 * a query is made. Pure, so the pages' shared frame can check a link without the database code.
 */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const looksLikeEmailToken = (s: unknown): s is string => typeof s === 'string' && TOKEN_RE.test(s);
