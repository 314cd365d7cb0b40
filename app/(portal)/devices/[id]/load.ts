import { notFound, redirect } from 'next/navigation';
import { sessionCtx } from '@/lib/auth/session';
import type { Ctx } from '@/lib/domain/context';
import { DomainError } from '@/lib/domain/errors';

/** The caller and device id of a /devices/{id} page: sign-in when signed out, 404 for an id that cannot exist. */
export async function devicePage(params: Promise<{ id: string }>): Promise<{ ctx: Ctx; id: number }> {
  const id = Number((await params).id);
  if (!Number.isInteger(id) || id <= 0 || id > 2147483647) notFound();
  const ctx = await sessionCtx();
  if (!ctx) redirect('/sign-in');
  return { ctx, id };
}

/** A domain read whose "not found" (unknown, or not visible to the caller) is the page's 404. */
export function or404<T>(read: Promise<T>): Promise<T> {
  return read.catch((e: unknown) => {
    if (e instanceof DomainError && e.code === 'not_found') notFound();
    throw e;
  });
}
