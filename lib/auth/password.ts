import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { config } from '@/lib/config';

/**
 * Passwords are hashed with argon2id (@node-rs/argon2, a native binding that works on libuv's
 * thread pool, off the event loop: a burst of hashing requests no longer stalls every other
 * request). Cost: OWASP's first choice, 19 MiB and 2 passes (ARGON2_MEMORY_KIB, ARGON2_TIME_COST;
 * the tests make it cheap). Hashes of earlier versions (bcrypt, `$2…`) are still verified, once
 * each, and replaced at the next sign-in (`needsRehash`).
 */
const options = () => ({
  algorithm: 2, // Argon2id (the binding's const enum cannot be imported under isolatedModules)
  memoryCost: config().ARGON2_MEMORY_KIB,
  timeCost: config().ARGON2_TIME_COST,
  parallelism: 1,
});

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options());
}

export function verifyPassword(plain: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) return verify(stored, plain).catch(() => false);
  if (stored.startsWith('$2')) return bcrypt.compare(plain, stored);
  return Promise.resolve(false);
}

/** A hash of an earlier kind or cost: the next right password replaces it. */
export function needsRehash(stored: string): boolean {
  const o = options();
  return !stored.startsWith(`$argon2id$v=19$m=${o.memoryCost},t=${o.timeCost},p=${o.parallelism}$`);
}
