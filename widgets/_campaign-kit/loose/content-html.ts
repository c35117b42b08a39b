/**
 * spec §3 contentHtml: JSON text of the activity answer (parsed by
 * src/engine/page/activity-config.ts), an image list or { imgList, navList, back }, read value by
 * value. Imported only by image-list's `content-html` part, so it loads with that part.
 */
import { isSafeUrl } from '../../../src/engine/document/safe-url';
import { isRecord } from './read';

/** One image of the list, as the component draws it. */
export interface ListImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  link?: string;
}

export interface ImageListContent {
  images: ListImage[];
  navList: { title: string; imageIndex: number }[];
  backgrounds: string[];
  needRandom: boolean;
}

function toImage(value: unknown): ListImage | null {
  if (isSafeUrl(value)) return { src: value, alt: '' };
  if (!isRecord(value)) return null;
  const item = value;
  const src = item.src ?? item.url ?? item.imgUrl;
  if (!isSafeUrl(src)) return null;
  const image: ListImage = { src, alt: typeof item.alt === 'string' ? item.alt : '' };
  if (typeof item.width === 'number' && item.width > 0) image.width = item.width;
  if (typeof item.height === 'number' && item.height > 0) image.height = item.height;
  const link = item.link ?? item.linkUrl;
  if (typeof link === 'string' && link !== '') image.link = link;
  return image;
}

/**
 * spec §3 contentHtml of the page's activity (parsed from its JSON text): either an image list, or { imgList, navList, back:
 * { needRandom, list } }. Server data is untrusted: unsafe addresses are dropped, not drawn.
 */
export function contentHtmlOf(activity: unknown): ImageListContent {
  const content = isRecord(activity) && isRecord(activity.contentHtml) ? activity.contentHtml : {};
  const list = Array.isArray(content.list)
    ? content.list
    : Array.isArray(content.imgList)
      ? content.imgList
      : [];
  const navList = Array.isArray(content.navList) ? content.navList : [];
  const back = isRecord(content.back) ? content.back : {};
  return {
    images: list.map(toImage).filter((image): image is ListImage => image !== null),
    navList: navList.flatMap((item: unknown, index) => {
      if (!isRecord(item)) return [];
      const entry = item;
      const title =
        typeof entry.title === 'string'
          ? entry.title
          : typeof entry.name === 'string'
            ? entry.name
            : '';
      const target = typeof entry.imageIndex === 'number' ? entry.imageIndex : index;
      return title ? [{ title, imageIndex: target }] : [];
    }),
    backgrounds: (Array.isArray(back.list) ? back.list : []).filter(isSafeUrl),
    needRandom: back.needRandom === true || back.needRandom === 1,
  };
}
