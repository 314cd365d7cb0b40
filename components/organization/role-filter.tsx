'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Select } from '@/components/ui';

const ROLES = [
  ['', 'All roles'],
  ['2', 'Owner'],
  ['1', 'Administrators'],
  ['0', 'Members'],
] as const;

/** The role filter of the members list, kept in the URL (`role`), sent as Filters.UserTypes. */
export function RoleFilter() {
  const sp = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const value = useRoleFilter();
  return (
    <label className="block w-full sm:w-48">
      <span className="sr-only">Role</span>
      <Select
        aria-label="Role"
        value={value === undefined ? '' : String(value)}
        onChange={(e) => {
          const q = new URLSearchParams(sp?.toString());
          if (e.target.value) q.set('role', e.target.value);
          else q.delete('role');
          q.set('page', '1');
          router.replace(`${pathname}?${q.toString()}`);
        }}
      >
        {ROLES.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Select>
    </label>
  );
}

export function useRoleFilter(): number | undefined {
  const v = useSearchParams()?.get('role');
  return v === '0' || v === '1' || v === '2' ? Number(v) : undefined;
}
