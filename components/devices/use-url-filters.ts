'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';

/** Filters that live in the URL (shareable, back button works); changing one resets the page. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname() ?? '';
  const values = Object.fromEntries(keys.map((k) => [k, sp?.get(k) ?? ''])) as Record<K, string>;
  const set = (k: K, v: string) => {
    const q = new URLSearchParams(sp?.toString());
    if (v) q.set(k, v);
    else q.delete(k);
    q.delete('page');
    router.replace(`${pathname}${q.size ? `?${q}` : ''}`, { scroll: false });
  };
  return { values, set };
}
