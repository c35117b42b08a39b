import type { CampaignDocument } from '../document/types';

export interface PageInfo {
  title: string;
  route: string;
  share: CampaignDocument['share'];
  activityCode: string;
  parentRoute: string;
}

/**
 * What `{{page.…}}` reads: facts of the document itself, the same for every visitor and every
 * render. The page's scope (campaign-page.tsx) and the compiler, which fills in such bindings
 * where a URL is expected (src/build/page-bound-urls.ts), both take them from here.
 */
export function pageInfoOf(
  doc: Pick<CampaignDocument, 'title' | 'route' | 'share' | 'activity'>,
): PageInfo {
  return {
    title: doc.title,
    route: doc.route,
    share: doc.share,
    // The document's own activity code, known before the activity call answers, so a
    // template's data sources can send the code of the page that extends it.
    activityCode: doc.activity?.code ?? '',
    // A sub-page's way back ("/tongchengQ3/phone" → "/tongchengQ3"), for templates.
    parentRoute: doc.route.replace(/\/[^/]*$/, '') || '/',
  };
}
