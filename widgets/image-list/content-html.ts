/**
 * image-list's `content-html` part (decision 0036): the activity's spec §3 contentHtml, read in
 * the kit's loose place; this module is the part's chunk, so only pages that show it load it.
 */
import { contentHtmlOf, type ImageListContent } from '../_campaign-kit/loose/content-html';

export type { ImageListContent, ListImage } from '../_campaign-kit/loose/content-html';

/** The images, navigation and backgrounds of the page's activity (`page.scope.activity`). */
export function parseContentHtml(activity: unknown): ImageListContent {
  return contentHtmlOf(activity);
}
