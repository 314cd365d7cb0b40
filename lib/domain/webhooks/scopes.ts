import type { Scope } from '@/lib/auth/scopes';

/** Scopes of the webhook endpoints (docs/webhooks.md): device events for /my, organization data for org hooks. */
export const MY_READ: Scope[] = ['Device.Read', 'Device.ReadWrite', 'Account.Read', 'Account.ReadWrite'];
export const MY_WRITE: Scope[] = ['Device.ReadWrite', 'Account.ReadWrite'];
export const ORG_READ: Scope[] = ['Organization.Read', 'Organization.ReadWrite'];
export const ORG_WRITE: Scope[] = ['Organization.ReadWrite'];
