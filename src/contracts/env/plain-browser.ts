import type { Environment } from './environment';

/**
 * A visitor in a plain mobile browser (Android, not logged in to any app): the environment a
 * prerendered page is rendered for, since a build cannot know who will open it, and the default
 * of tests. The page corrects itself to the real environment right after hydration.
 */
export const PLAIN_MOBILE_BROWSER: Environment = {
  host: 'browser',
  appVersion: null,
  os: 'android',
  osVersion: '14',
  brand: null,
  ownBrand: false,
  isMobile: true,
  nfc: false,
  platformType: 2,
  deviceType: 0,
  appType: 0,
  system: 1,
  visitEnvironment: 1,
  inMessagingApp: false,
  inProviderApp: false,
};
