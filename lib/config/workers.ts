import { intSetting, msSetting } from './number';

/** How often expired PINs are swept (README: PIN_EXPIRY_EVERY_MS). */
export const pinExpiryEveryMs = () => msSetting('PIN_EXPIRY_EVERY_MS', 30_000, 10);

/** How often expired OAuth codes, tokens and sessions are deleted (README: OAUTH_SWEEP_EVERY_MS). */
export const oauthSweepEveryMs = () => msSetting('OAUTH_SWEEP_EVERY_MS', 600_000, 10);

/**
 * How many whole months of the activity log are kept besides the current one (README:
 * ACTIVITY_KEEP_MONTHS, default 24: two years); 0 keeps everything.
 */
export const activityKeepMonths = (): number => intSetting('ACTIVITY_KEEP_MONTHS', 24);

/** How often a process checks the activity log's monthly partitions (README: ACTIVITY_PARTITIONS_EVERY_MS). */
export const activityPartitionsEveryMs = () => msSetting('ACTIVITY_PARTITIONS_EVERY_MS', 3_600_000, 10);
