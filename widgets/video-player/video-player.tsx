import { useId, useRef, useState } from 'react';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { ErrorState, Notice } from '../_campaign-kit/states';
import type { VideoPlayerProps } from './schema';
import './video-player.css';

const RATIOS: Record<VideoPlayerProps['aspectRatio'], string> = {
  '16:9': '16 / 9',
  '4:3': '4 / 3',
  '1:1': '1 / 1',
  '9:16': '9 / 16',
};

/** The activity's video fields (spec §3 Activity: videoLink, videoCoverImg), when safe. */
function activityVideo(scope: unknown): { src?: string; poster?: string } {
  const activity = (scope as { activity?: unknown } | null)?.activity;
  if (typeof activity !== 'object' || activity === null) return {};
  const { videoLink, videoCoverImg } = activity as { videoLink?: unknown; videoCoverImg?: unknown };
  return {
    ...(isSafeUrl(videoLink) ? { src: videoLink } : {}),
    ...(isSafeUrl(videoCoverImg) ? { poster: videoCoverImg } : {}),
  };
}

export default function VideoPlayer({ props, emit }: WidgetComponentProps<VideoPlayerProps>) {
  const page = usePage();
  const fromActivity = props.useActivityVideo ? activityVideo(page.scope) : {};
  const src = props.src ?? fromActivity.src;
  const poster = props.poster ?? fromActivity.poster;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(false);
  const titleId = useId();
  const descId = useId();

  const heading = props.title ? (
    <h2 className="w-video-player__title" id={titleId}>
      {props.title}
    </h2>
  ) : null;
  const box = { aspectRatio: RATIOS[props.aspectRatio] };
  let content;
  if (!src) {
    content = <Notice>{props.emptyText}</Notice>;
  } else if (failed) {
    content = (
      <ErrorState
        text={props.errorText}
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  } else {
    content = (
      <div className="w-video-player__box" style={box}>
        <video
          key={attempt}
          className="w-video-player__video"
          src={src}
          poster={poster}
          controls
          playsInline
          preload="metadata"
          // Sound never starts by itself: autoplay only muted (WCAG 1.4.2).
          autoPlay={props.autoplayMuted}
          muted={props.autoplayMuted}
          loop={props.loop}
          aria-labelledby={props.title ? titleId : undefined}
          aria-label={props.title ? undefined : props.label}
          aria-describedby={props.description ? descId : undefined}
          onPlay={() => {
            if (started.current) return;
            started.current = true;
            void emit('play', { src });
          }}
          onEnded={() => void emit('ended', { src })}
          onError={() => setFailed(true)}
        >
          {props.captions ? (
            <track
              kind="captions"
              src={props.captions.src}
              srcLang={props.captions.srcLang}
              label={props.captions.label}
              default
            />
          ) : null}
        </video>
      </div>
    );
  }
  return (
    <section className="w-video-player">
      {heading}
      {content}
      {props.description ? (
        <p className="w-video-player__desc" id={descId}>
          {props.description}
        </p>
      ) : null}
    </section>
  );
}
