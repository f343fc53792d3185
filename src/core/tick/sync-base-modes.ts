// The values of `sync-base` on their own, so reading the settings does not load the sync decisions.

export const SYNC_BASE_MODES = ['merge', 'off'] as const;
export type SyncBaseMode = (typeof SYNC_BASE_MODES)[number];
