import { route } from '@/lib/http/route';
import { listMyOrganizations } from '@/lib/domain/organizations/organizations';
import { z } from 'zod';
import { MyOrganization } from '@/lib/domain/organizations/schemas';

// GET /api/v37/organization: the caller's organizations and role in each
export const GET = route({ summary: 'The caller\'s organizations and role in each', responses: { 200: z.array(MyOrganization) }, scopes: ['Organization.Read', 'Organization.ReadWrite'] }, (ctx) => listMyOrganizations(ctx));
