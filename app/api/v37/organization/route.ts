import { route } from '@/lib/http/route';
import { listMyOrganizations } from '@/lib/domain/organizations/organizations';

// GET /api/v37/organization: the caller's organizations and role in each
export const GET = route({ scopes: ['Organization.Read', 'Organization.ReadWrite'] }, (ctx) => listMyOrganizations(ctx));
