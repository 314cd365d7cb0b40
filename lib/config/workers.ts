import { msSetting } from './number';

/** How often expired PINs are swept (README: PIN_EXPIRY_EVERY_MS). */
export const pinExpiryEveryMs = () => msSetting('PIN_EXPIRY_EVERY_MS', 30_000, 10);

/** How often expired OAuth codes, tokens and sessions are deleted (README: OAUTH_SWEEP_EVERY_MS). */
export const oauthSweepEveryMs = () => msSetting('OAUTH_SWEEP_EVERY_MS', 600_000, 10);
