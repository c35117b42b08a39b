/**
 * What `use-sync-external-store/shim` gives swr, taken from React itself: React 18+ has the hook,
 * and the shim's fallback for older Reacts is ~0.4 KB gzip every page downloaded and never ran
 * (issue 10). vite.config.ts aliases the shim to this module.
 */
export { useSyncExternalStore } from 'react';
