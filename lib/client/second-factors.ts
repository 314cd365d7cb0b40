'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import type { Passkey, SecondFactorStatus } from '@/lib/domain/account/schemas';
import { apiFetch } from './api';
import { securityKey } from './organization-keys';

/** Settings > Security, second factors: hooks over /api/v37/my/account/secondfactor and /passkey. */

// the shapes the API answers, from the schemas its OpenAPI document is made of (written once)
export type PasskeyInfo = Passkey;
export type SecondFactors = SecondFactorStatus;

export const secondFactorKeys = {
  mine: ['second-factors'] as const,
  org: securityKey,
};

export function useSecondFactors(enabled = true) {
  return useQuery({
    queryKey: secondFactorKeys.mine,
    queryFn: () => apiFetch<SecondFactors>('/my/account/secondfactor'),
    enabled,
  });
}

/**
 * Whether the organization's rule stops the signed-in administrator: it requires a second factor
 * of administrators and their account has none, so the API refuses them every managing action
 * (lib/shared/policy decideOrg) until they add one. Asks for the rule only of administrators, and
 * for their factors only when the rule is on.
 */
export function useSecondFactorBlocked(org: { id: number; role: number } | null) {
  const rule = useOrgSecurity(org && org.role >= 1 ? org.id : undefined);
  const required = rule.data?.requireSecondFactor === true;
  const mine = useSecondFactors(required);
  return { rule, blocked: required && mine.data?.enabled === false };
}

function useChanging<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: secondFactorKeys.mine }) });
}

export const useStartTotp = () =>
  useMutation({
    mutationFn: () => apiFetch<{ secret: string; uri: string }>('/my/account/secondfactor/totp', { method: 'POST' }),
  });
export const useConfirmTotp = () =>
  useChanging((code: string) =>
    apiFetch<{ recoveryCodes: string[] }>('/my/account/secondfactor/totp', { method: 'PUT', body: { code } }),
  );
export const useRemoveTotp = () =>
  useChanging((password: string) =>
    apiFetch<null>('/my/account/secondfactor/totp', { method: 'DELETE', body: { password } }),
  );
export const useRenewRecoveryCodes = () =>
  useChanging((password: string) =>
    apiFetch<{ recoveryCodes: string[] }>('/my/account/secondfactor/recoverycodes', {
      method: 'POST',
      body: { password },
    }),
  );
export const useRemovePasskey = () =>
  useChanging(({ id, password }: { id: string; password: string }) =>
    apiFetch<null>(`/my/account/passkey/${id}`, { method: 'DELETE', body: { password } }),
  );

/** Registers a passkey: the server's challenge, the browser's authenticator, the server's check. */
export const useAddPasskey = () =>
  useChanging(async (name: string) => {
    const { challengeId, options } = await apiFetch<{
      challengeId: string;
      options: Parameters<typeof startRegistration>[0]['optionsJSON'];
    }>('/my/account/passkey/options', { method: 'POST' });
    const response = await startRegistration({ optionsJSON: options });
    return apiFetch<PasskeyInfo>('/my/account/passkey', { method: 'POST', body: { challengeId, name, response } });
  });

export function useOrgSecurity(orgId: number | undefined) {
  return useQuery({
    queryKey: secondFactorKeys.org(orgId ?? 0),
    queryFn: () => apiFetch<{ requireSecondFactor: boolean }>(`/organization/${orgId}/security`),
    enabled: !!orgId,
  });
}

export function useSetOrgSecurity(orgId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (requireSecondFactor: boolean) =>
      apiFetch<{ requireSecondFactor: boolean }>(`/organization/${orgId}/security`, {
        method: 'PUT',
        body: { requireSecondFactor },
      }),
    onSuccess: (r) => qc.setQueryData(secondFactorKeys.org(orgId), r),
  });
}
