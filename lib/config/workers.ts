import { config } from './index';

/** How often expired PINs are swept (README: PIN_EXPIRY_EVERY_MS). */
export const pinExpiryEveryMs = () => config().PIN_EXPIRY_EVERY_MS;

/** How often expired OAuth codes, tokens and sessions are deleted (README: OAUTH_SWEEP_EVERY_MS). */
export const oauthSweepEveryMs = () => config().OAUTH_SWEEP_EVERY_MS;

/**
 * How many whole months of the activity log are kept besides the current one (README:
 * ACTIVITY_KEEP_MONTHS, default 24: two years); 0 keeps everything.
 */
export const activityKeepMonths = (): number => config().ACTIVITY_KEEP_MONTHS;

/** How often a process checks the activity log's monthly partitions (README: ACTIVITY_PARTITIONS_EVERY_MS). */
export const activityPartitionsEveryMs = () => config().ACTIVITY_PARTITIONS_EVERY_MS;
