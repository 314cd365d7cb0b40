/**
 * The answer when a portal session must prove its password again before a sensitive action
 * (creating an access key more than 10 minutes after signing in): 403 with this message. The
 * portal recognizes it (lib/client) and asks for the password, then tries again. No imports:
 * the browser shares it.
 */
export const REAUTH_REQUIRED = 'Enter your password again to continue: you signed in more than 10 minutes ago.';
