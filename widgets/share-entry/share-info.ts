/** spec §3 ShareInfo (inside activityConfig) and the activity's share fields, read defensively. */
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { CAN_SHARE_ALLOWED, SHARE_THIS_URL } from '../../src/spec/constants';
import { isRecord, num, str } from '../_campaign-kit/api-error';
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
  const a = isRecord(activity) ? activity : {};
  const config = isRecord(a.activityConfig) ? a.activityConfig : {};
  const info = isRecord(config.shareInfo) ? config.shareInfo : {};
  const hasActivity = Object.keys(a).length > 0;
  // spec §3: canShare 1 = allowed; ShareInfo.need false turns the entry off.
  const allowed =
    !hasActivity ||
    (num(a.canShare, CAN_SHARE_ALLOWED) === CAN_SHARE_ALLOWED &&
      info.need !== false &&
      info.need !== 0);
  const entryImage = props.image ?? (isSafeUrl(info.entryImage) ? info.entryImage : null);
  const pageUrl =
    num(info.shareThis ?? a.shareThis) === SHARE_THIS_URL ? info.pageUrl || a.shareUrl : null;
  const icon = info.iconImage ?? a.shareIconUrl;
  return {
    visible: allowed,
    image: entryImage,
    position:
      props.placement === 'free'
        ? {
            left: props.left ?? num(info.positionLeft),
            top: props.top ?? num(info.positionTop, DEFAULT_TOP),
          }
        : null,
    title: props.title ?? (str(info.title) || str(a.shareTitle)),
    text: props.text ?? (str(info.content) || str(a.shareContent)),
    url: props.url ?? (isSafeUrl(pageUrl) ? pageUrl : null),
    imageUrl: isSafeUrl(icon) ? icon : null,
  };
}
