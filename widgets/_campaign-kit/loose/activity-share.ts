/**
 * The share settings of the activity answer (spec §3 ShareInfo): share-entry's reader. Its own
 * module, so the pages without a share entry never download it.
 */
import { isSafeUrl } from '../../../src/engine/document/safe-url';
import { CAN_SHARE_ALLOWED, SHARE_THIS_URL } from '../../../src/spec/constants';
import { activityRecordOf } from './activity';
import { isRecord, num, str } from './read';

/** spec §3 ShareInfo (inside activityConfig) with the activity's own share fields behind it. */
export interface ActivityShare {
  /** canShare 1 = allowed, and ShareInfo.need not turned off; true when there is no activity. */
  allowed: boolean;
  entryImage: string | null;
  left: number;
  /** null when ShareInfo gives no position. */
  top: number | null;
  title: string;
  text: string;
  /** The page to share when shareThis says so (spec §3), a safe address only. */
  url: string | null;
  iconUrl: string | null;
}

export function activityShareOf(activity: unknown): ActivityShare {
  const a = activityRecordOf(activity);
  const config = isRecord(a.activityConfig) ? a.activityConfig : {};
  const info = isRecord(config.shareInfo) ? config.shareInfo : {};
  const hasActivity = Object.keys(a).length > 0;
  const allowed =
    !hasActivity ||
    (num(a.canShare, CAN_SHARE_ALLOWED) === CAN_SHARE_ALLOWED &&
      info.need !== false &&
      info.need !== 0);
  const pageUrl =
    num(info.shareThis ?? a.shareThis) === SHARE_THIS_URL ? info.pageUrl || a.shareUrl : null;
  const icon = info.iconImage ?? a.shareIconUrl;
  const top = num(info.positionTop, NaN);
  return {
    allowed,
    entryImage: isSafeUrl(info.entryImage) ? info.entryImage : null,
    left: num(info.positionLeft),
    top: Number.isFinite(top) ? top : null,
    title: str(info.title) || str(a.shareTitle),
    text: str(info.content) || str(a.shareContent),
    url: isSafeUrl(pageUrl) ? pageUrl : null,
    iconUrl: isSafeUrl(icon) ? icon : null,
  };
}
