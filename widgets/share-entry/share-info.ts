/** The share entry: the page's props first, then spec §3 ShareInfo and the activity's share fields. */
import { activityShareOf } from '../_campaign-kit/loose/activity-share';
import type { ShareEntryProps } from './schema';

export interface ShareEntry {
  visible: boolean;
  image: string | null;
  /** Where a freely placed button sits; null when it docks (issue 33). */
  position: { left: number; top: number } | null;
  title: string;
  text: string;
  url: string | null;
  imageUrl: string | null;
}

const DEFAULT_TOP = 320;

export function shareEntryOf(activity: unknown, props: ShareEntryProps): ShareEntry {
  const share = activityShareOf(activity);
  return {
    visible: share.allowed,
    image: props.image ?? share.entryImage,
    position:
      props.placement === 'free'
        ? { left: props.left ?? share.left, top: props.top ?? share.top ?? DEFAULT_TOP }
        : null,
    title: props.title ?? share.title,
    text: props.text ?? share.text,
    url: props.url ?? share.url,
    imageUrl: share.iconUrl,
  };
}
