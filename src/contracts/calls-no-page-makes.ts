/**
 * The spec §7 calls that no page makes (issue 32 item 6), each with the reason no page needs it.
 * docs/api.md lists them (section "Calls no page makes", rendered from here by
 * server/src/docs/api-reference.ts), and src/build/api-reach.test.ts keeps the list exact: a
 * spec call (not one of ours) that no compiled document can make must be here, and one that a
 * document can make must not. Calls are compared by method and path, so an alias of a reached
 * call (the catalogue's 'appStore.getAppStoreUrl' for 'generalActivity.getAppStoreUrl') counts
 * as reached.
 */
import type { ApiName } from './index';

export const CALLS_NO_PAGE_MAKES: Readonly<Partial<Record<ApiName, string>>> = Object.freeze({
  'configActivity.bizStatusList':
    'the pages that branch on the visitor’s standing each belong to one activity and read it with bizStatus (/nfc, /nfcIntegral, /verifyNew, /newDevicePay); no page shows the standing in several activities at once, which is all the list form adds',
  'generalActivity.getIdV2':
    'a server-made serial number; the API client makes its own idempotency keys (src/services/api/api-client.ts) and no page shows or sends a serial',
  'leads.save.get':
    'the GET twin of leads.save would put the visitor’s name and phone in the URL (access logs, history, referrers); the lead forms send the POST, which the same handler answers',
});
