import { describe, expect, it } from 'vitest';
import { navFor } from '@/components/shell/nav';

// Issue 35: the navigation offers an administrator limited to some sites no page that reaches the
// whole organization (the API refuses them: 403), and everything else an administrator has.
const hrefs = (siteIds: number[] | null) => navFor(1, siteIds).flatMap((s) => s.items.map((i) => i.href));

describe('navigation of a site-limited administrator', () => {
  it('hides the audit log and bridges, keeps sites, groups, people and access links', () => {
    const all = hrefs(null);
    const limited = hrefs([3]);
    expect(all).toEqual(expect.arrayContaining(['/organization/audit', '/organization/bridges']));
    expect(limited).not.toContain('/organization/audit');
    expect(limited).not.toContain('/organization/bridges');
    expect(limited).toEqual(
      expect.arrayContaining([
        '/organization/sites',
        '/organization/groups',
        '/organization/people',
        '/organization/access-links',
      ]),
    );
    // the owner is never limited
    expect(navFor(2, [3]).flatMap((s) => s.items.map((i) => i.href))).toContain('/organization/audit');
  });
});
