/**
 * What the password step answers (as next-auth's error) for an account with a second factor,
 * followed by the pending sign-in's token. No imports: the sign-in page shares it.
 */
export const SECOND_FACTOR_PREFIX = 'SecondFactorRequired:';
