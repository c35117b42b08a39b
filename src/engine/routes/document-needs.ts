/**
 * The code a document needs for its first render that the entry does not carry, as the compiler
 * flagged it on the document (decision 0028): the URL policy for bound URL props, the condition
 * evaluator for `when`, the redirect's target for a redirect document, the requirement gate for a
 * page with requirements. The document cache resolves a document once these are there, so its first
 * render (and the build's prerender) runs in one pass; other documents never fetch them.
 */
import { addApiRoutes } from '../../services/api/api-table';
import { conditions } from '../conditions/lazy-conditions';
import type { CampaignDocument } from '../document/types';
import { requirementGate } from '../page/requirement-gate';
import { urlPolicy } from '../urls/lazy-url-policy';
import { redirects } from './lazy-redirect';

/**
 * Loads what `doc` needs; null when it needs nothing more. Its API routes are known from here on
 * (decision 0033).
 */
export function loadDocumentNeeds(doc: CampaignDocument): Promise<unknown> | null {
  if (doc.apiTable) addApiRoutes(doc.apiTable);
  const loads: Promise<unknown>[] = [];
  if (doc.bindsUrls) loads.push(urlPolicy.get());
  if (doc.usesConditions) loads.push(conditions.get());
  if (doc.redirect) loads.push(redirects.get());
  if (doc.requirements) loads.push(requirementGate.get());
  return loads.length > 0 ? Promise.all(loads) : null;
}
