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
  'configActivity.bizStatusList': 'not wired to a page yet (issue 32 item 6)',
  'generalActivity.flashLuckDraw': 'not wired to a page yet (issue 32 item 4)',
  'generalActivity.getIdV2': 'not wired to a page yet (issue 32 item 6)',
  'leads.save.get': 'not wired to a page yet (issue 32 item 6)',
  'newPhone.q3index': 'not wired to a page yet (issue 32 item 4)',
  'newPhone.q4index': 'not wired to a page yet (issue 32 item 4)',
  'newPhone.q5index': 'not wired to a page yet (issue 32 item 4)',
  'newPhone.q3send': 'not wired to a page yet (issue 32 item 4)',
  'newPhone.q4send': 'not wired to a page yet (issue 32 item 4)',
  'newPhone.q5send': 'not wired to a page yet (issue 32 item 4)',
});
