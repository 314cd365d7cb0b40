import { route } from '@/lib/http/route';
import { listMyOrganizations } from '@/lib/domain/organizations/organizations';
import { MyOrganizations } from '@/lib/domain/organizations/schemas';

// GET /api/v37/organization: the caller's organizations as Tedee's get-all has them ({organizations: [...]},
// organizationRole 0 owner, 1 administrator, 2 member), with ours after each
export const GET = route(
  {
    summary:
      "The caller's organizations ({organizations}), with their role in each (0 owner, 1 administrator, 2 member)",
    responses: { 200: MyOrganizations },
    scopes: ['Organization.Read', 'Organization.ReadWrite'],
  },
  (ctx) => listMyOrganizations(ctx),
);
