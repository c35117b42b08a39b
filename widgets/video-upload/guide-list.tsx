import { useCallback, useMemo, useState } from 'react';
import type { ApiOutput } from '../../src/contracts';
import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { useServices } from '../../src/services/context';
import { detectWebpSupport } from '../../src/services/images/canvas-adapter';
import { thumbnailUrl } from '../../src/services/images/cdn-url';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import type { VideoUploadProps } from './schema';

type GuideAnswer = ApiOutput<'video.getMyVideoGuide'> | ApiOutput<'video.getVideoPlayerGuide'>;
type ListedGuide = ApiOutput<'video.getVideoPlayerGuide'>['list'][number];
type MyGuide = ApiOutput<'video.getMyVideoGuide'>['list'][number];

/** getMyVideoGuide's items carry their review state; the gallery's are all approved. */
const isMine = (item: ListedGuide | MyGuide): item is MyGuide => 'status' in item;

interface Guide {
  guideId: number;
  title: string;
  videoUrl: string | null;
  coverUrl: string | null;
  likeCount: number;
  liked: boolean;
  author: string;
  time: number;
  /** My guides only: the review state and, when rejected, the operator's reason (issue 32). */
  review: { status: MyGuide['status']; reason: string | null } | null;
}

/** getMyVideoGuide / getVideoPlayerGuide (src/contracts/video-guides.ts). */
function guidesOf(answer: GuideAnswer | undefined): Guide[] {
  return (answer?.list ?? []).map((item) => ({
    ...item,
    // Users' addresses: drawn only when they are https or a path on this site.
    videoUrl: isSafeUrl(item.videoUrl) ? item.videoUrl : null,
    coverUrl: isSafeUrl(item.coverUrl) ? item.coverUrl : null,
    review: isMine(item) ? { status: item.status, reason: item.rejectReason } : null,
  }));
}

/** The review line of one of my guides: pending, shown, or rejected with the reason. */
function ReviewState({
  review,
  props,
}: {
  review: NonNullable<Guide['review']>;
  props: VideoUploadProps;
}) {
  const text = {
    pending: props.reviewPendingText,
    approved: props.reviewApprovedText,
    rejected: props.reviewRejectedText,
  }[review.status];
  return (
    <p className={`w-video-upload__review w-video-upload__review--${review.status}`}>
      <span className="w-video-upload__review-state">{text}</span>
      {review.status === 'rejected' && review.reason ? (
        <span className="w-video-upload__review-reason">
          {props.rejectReasonLabel}
          {review.reason}
        </span>
      ) : null}
    </p>
  );
}

/** Poster size in the list (CSS pixels, twice for sharp screens). */
const POSTER = { width: 320, height: 180 };

const dateText = (time: number) =>
  time > 0 ? new Date(time).toLocaleDateString('zh-CN', { timeZone: 'Asia/Shanghai' }) : '';

interface Props {
  props: VideoUploadProps;
  activityCode: string;
  which: 'mine' | 'gallery';
  canLike: boolean;
  onLiked: (guideId: number) => void;
}

export function GuideList({ props, activityCode, which, canLike, onLiked }: Props) {
  const { api, ui } = useServices();
  const call = which === 'mine' ? 'video.getMyVideoGuide' : 'video.getVideoPlayerGuide';
  const query = useApi(call, { activityCode });
  const guides = useMemo(() => guidesOf(query.data?.result), [query.data]);
  const { lock, busyKey } = useLock();
  const [announcement, setAnnouncement] = useState('');
  // spec §5, §9: uploaded covers as CDN thumbnails (quality 80, webp where the browser has it).
  // Known once the list is in a document; posters wait for it so no cover is fetched twice.
  const [webp, setWebp] = useState<boolean | null>(null);
  const measure = useCallback((list: HTMLUListElement | null) => {
    if (list) setWebp(detectWebpSupport(list.ownerDocument));
  }, []);

  const like = (guide: Guide) =>
    lock(String(guide.guideId), async () => {
      try {
        await api.call('video.likeVideoPlayerGuide', { activityCode, guideId: guide.guideId });
        setAnnouncement(`已点赞：${guide.title}`);
        onLiked(guide.guideId);
      } catch (error) {
        const text = errorText(error, '点赞失败，请稍后再试');
        setAnnouncement(text);
        ui.toast({ text });
      }
      await query.mutate();
    });

  if (query.error) {
    return (
      <ErrorState
        text={errorText(query.error, props.errorText)}
        onRetry={() => void query.mutate()}
        minHeight={160}
      />
    );
  }
  if (!query.data) return <Skeleton height={240} />;
  if (guides.length === 0) return <Notice minHeight={120}>{props.emptyText}</Notice>;
  return (
    <>
      <ul className="w-video-upload__guides" ref={measure}>
        {guides.map((guide, index) => (
          <li key={guide.guideId} className="w-video-upload__guide">
            {guide.videoUrl ? (
              <video
                className="w-video-upload__video"
                src={guide.videoUrl}
                {...(guide.coverUrl && webp !== null
                  ? { poster: thumbnailUrl(guide.coverUrl, { ...POSTER, webp }) }
                  : {})}
                controls
                preload={index < 2 ? 'metadata' : 'none'}
                width={160}
                height={90}
                aria-label={guide.title}
              />
            ) : null}
            <div className="w-video-upload__guide-info">
              <h3 className="w-video-upload__guide-title">{guide.title}</h3>
              <p className="w-video-upload__guide-meta">
                {[guide.author, dateText(guide.time), `${guide.likeCount}赞`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {which === 'mine' && guide.review ? (
                <ReviewState review={guide.review} props={props} />
              ) : null}
              {which === 'gallery' ? (
                <button
                  type="button"
                  className="w-video-upload__like"
                  aria-pressed={guide.liked}
                  aria-label={`${guide.liked ? props.likedText : props.likeText}：${guide.title}`}
                  disabled={!canLike || guide.liked || busyKey !== null}
                  aria-busy={busyKey === String(guide.guideId)}
                  onClick={() => void like(guide)}
                >
                  {guide.liked ? props.likedText : props.likeText}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <LiveRegion message={announcement} />
    </>
  );
}
