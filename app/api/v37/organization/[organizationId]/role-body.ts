import { z } from 'zod';
import { bodyId } from '@/lib/http/query';

/** The body of the role verbs (assignadmin, removeadmin, transferownership): the member whose role changes. */
export const roleChangeBody = z.object({
  organizationUserId: bodyId('organizationUserId must be a number'),
});
