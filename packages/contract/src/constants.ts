/** The numbers of SPEC.md §9, named once for both sides. */

/** Default page size of every list (apps and the rest). */
export const DEFAULT_PAGE_SIZE = 10;
/** Page sizes a list table offers. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
/** The largest page a list call answers. */
export const MAX_PAGE_SIZE = 100;
/** Lazy pickers (group users, connection storages) load this many per batch. */
export const PICKER_BATCH_SIZE = 25;
/** The role picker of the create-group dialog loads this many. */
export const ROLE_PICKER_SIZE = 10;
/** Search fields wait this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
/** File inputs wait this long before reading. */
export const FILE_INPUT_DEBOUNCE_MS = 200;
/** Width of the collapsed sidebar. */
export const SIDEBAR_RAIL_WIDTH = 64;
/** Width of the expanded sidebar (ours: the spec gives only the rail). */
export const SIDEBAR_WIDTH = 248;
/** Authorized URL lists show this many before 'and N more'. */
export const AUTHORIZED_URLS_SHOWN = 2;
/** How long the 'Copied to clipboard' toast stays. */
export const COPY_TOAST_MS = 300;
/** Every date in the console is shown like this (dayjs format). */
export const DATE_FORMAT = 'MMMM D, YYYY [at] HH:mm';
/** Analytics re-identifies the user this often. */
export const ANALYTICS_REFRESH_MS = 15 * 60 * 1000;
/** The connection storage picker waits this long before loading (SPEC.md §9). */
export const STORAGE_PICKER_DELAY_MS = 3000;

/** Trials last 14 days; sign-up verification links 48 hours. */
export const TRIAL_DAYS = 14;
export const VERIFICATION_LINK_HOURS = 48;

/** Token lifetimes are held in milliseconds. */
export const MINUTE_MS = 60 * 1000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
export const ACCESS_TOKEN_LIFETIME_MIN_MS = MINUTE_MS;
export const ACCESS_TOKEN_LIFETIME_MAX_MS = DAY_MS;
export const REFRESH_TOKEN_LIFETIME_MIN_MS = 5 * MINUTE_MS;
export const REFRESH_TOKEN_LIFETIME_MAX_MS = 365 * DAY_MS;
