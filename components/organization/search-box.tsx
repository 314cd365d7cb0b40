'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui';

/** A search field whose text lives in the URL (`q`), so results are shareable and Back works. */
export function SearchBox({ label, placeholder }: { label: string; placeholder?: string }) {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const current = sp?.get('q') ?? '';
  const [text, setText] = useState(current);
  // The values this box put in the URL itself and that have not come back yet. One of them coming
  // back is not news: the person may have typed on meanwhile, and their text stays. Any other change
  // of the URL (Back, a link) is taken.
  const ours = useRef<string[]>([]);
  useEffect(() => {
    const at = ours.current.indexOf(current);
    if (at >= 0) {
      ours.current = ours.current.slice(at + 1);
      return;
    }
    setText(current);
  }, [current]);
  useEffect(() => {
    if (text === current) return;
    const t = setTimeout(() => {
      const q = new URLSearchParams(sp?.toString());
      if (text) q.set('q', text);
      else q.delete('q');
      q.set('page', '1');
      ours.current.push(text);
      router.replace(`${pathname}?${q.toString()}`);
    }, 300);
    return () => clearTimeout(t);
  }, [text, current, sp, router, pathname]);
  return (
    <label className="block w-full max-w-sm">
      <span className="sr-only">{label}</span>
      <Input
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder ?? label}
        aria-label={label}
      />
    </label>
  );
}

export function useSearchText(): string {
  return useSearchParams()?.get('q') ?? '';
}
