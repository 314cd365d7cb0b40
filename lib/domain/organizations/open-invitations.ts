import { and, isNull, type SQL } from 'drizzle-orm';
import { organizationInvitations } from '@/db/schema';

/** An organization invitation still open: neither accepted nor withdrawn (its expiry is checked apart, where it matters). */
export const invitationOpen = (): SQL =>
  and(isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.withdrawnAt))!;
