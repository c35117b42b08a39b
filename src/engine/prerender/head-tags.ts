import type { CampaignDocument } from '../document/types';

/** Text for HTML: element content or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Only an absolute https image: link previews fetch it from another host than ours. */
const SHARE_IMAGE = /^https:\/\/[^\s"'<>\\()]+$/;

/**
 * What a link preview (WeChat's, a browser's share sheet, a chat app's card) reads from a page's
 * head: its title, description and image, as Open Graph tags and as the itemprop microdata the
 * messaging app's preview uses. From the document, escaped: operators' text is never markup.
 */
export function headTags(
  doc: Pick<CampaignDocument, 'title'> & Partial<Pick<CampaignDocument, 'description' | 'share'>>,
): {
  title: string;
  meta: string;
} {
  const title = doc.share?.title || doc.title;
  const description = doc.share?.description || doc.description || '';
  const image =
    doc.share?.imageUrl && SHARE_IMAGE.test(doc.share.imageUrl) ? doc.share.imageUrl : '';
  const tags: string[] = [];
  const meta = (attribute: 'name' | 'property' | 'itemprop', key: string, value: string) => {
    if (value) tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(value)}">`);
  };
  meta('name', 'description', description);
  meta('property', 'og:type', 'website');
  meta('property', 'og:title', title);
  meta('property', 'og:description', description);
  meta('property', 'og:image', image);
  meta('itemprop', 'name', title);
  meta('itemprop', 'description', description);
  meta('itemprop', 'image', image);
  return { title: `<title>${escapeHtml(doc.title)}</title>`, meta: tags.join('\n    ') };
}
