import { useId, useRef, useState, type FormEvent } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { useFormDraft } from '../../src/engine/data/use-form-draft';
import { useServices } from '../../src/services/context';
import { createDomCanvasAdapter } from '../../src/services/images/canvas-adapter';
import { uploadImage, UPLOAD_IMAGE_MESSAGES } from '../../src/services/images/upload-image';
import type { Phase } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { checkCover, checkDuration, checkFile, checkUploadUrl, IMAGE_TYPES } from './checks';
import type { VideoUploadProps } from './schema';
import { uploadFile } from './upload-adapter';
import { probeDuration } from './video-probe';

const TITLE_MAX = 30;

interface Props {
  props: VideoUploadProps;
  activityCode: string;
  phase: Phase;
  onSubmitted: (guideId: number) => void;
}

export function UploadForm({ props, activityCode, phase, onSubmitted }: Props) {
  const { api, ui, navigation, logger, auth } = useServices();
  const ids = useId();
  const quota = useApi('video.getTodayVideoSubmitNum', { activityCode });
  const [video, setVideo] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  // The title is kept in the tab across a failed upload and a reload (issue 19); the chosen files
  // cannot be (a page cannot keep a File), the visitor picks them again.
  const titleDraft = useFormDraft(`video-upload:${activityCode}:title`, {
    enabled: auth.isLoggedIn(),
    parse: (raw) => (typeof raw === 'string' ? raw.slice(0, TITLE_MAX) : null),
  });
  const [edited, setEdited] = useState<string | null>(null);
  const title = edited ?? titleDraft.restored ?? '';
  const setTitle = (next: string) => {
    setEdited(next);
    if (next) titleDraft.save(next);
    else titleDraft.clear();
  };
  const [problem, setProblem] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [checking, setChecking] = useState(false);
  const { lock, busy } = useLock();
  const videoInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);

  // No limit is known until the quota answers.
  const left = quota.data?.result?.left ?? Number.POSITIVE_INFINITY;

  const pickVideo = async (file: File | undefined) => {
    setVideo(null);
    setProgress(null);
    if (!file) return;
    const refused = checkFile(file, props);
    if (refused) {
      setProblem(refused);
      return;
    }
    setChecking(true);
    const duration = await probeDuration(file);
    setChecking(false);
    const tooLong = checkDuration(duration, props);
    setProblem(tooLong ?? '');
    if (!tooLong) setVideo(file);
  };

  const pickCover = (file: File | undefined) => {
    setCover(null);
    if (!file) return;
    const refused = checkCover(file);
    setProblem(refused ?? '');
    if (!refused) setCover(file);
  };

  /** Asks for an upload link, checks where it points, then sends the file with progress. */
  const upload = async (file: File) => {
    const envelope = await api.call('file.generatePreSignedUri', { kind: 'video' });
    const link = envelope.result?.uploadUrl;
    const url = checkUploadUrl(link, navigation.href(), props.uploadHosts);
    if (!url) throw new Error('上传地址无效，请稍后再试');
    return uploadFile(url, file, setProgress);
  };

  /**
   * The cover goes compressed, as base64, through uploadImage (spec §5, §7); null after the
   * spec §8 row 10 'server error' toast.
   */
  const uploadCover = async (file: File): Promise<string | null> => {
    const doc = coverInput.current?.ownerDocument;
    if (!doc) return null;
    const src = URL.createObjectURL(file);
    try {
      return await uploadImage({ api, ui, logger, canvas: createDomCanvasAdapter(doc) }, src);
    } finally {
      URL.revokeObjectURL(src);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lock('submit', async () => {
      const trimmed = title.trim();
      const missing = !video
        ? '请先选择视频'
        : trimmed === ''
          ? '请填写标题'
          : props.coverRequired && !cover
            ? '请选择封面'
            : '';
      if (missing) {
        setProblem(missing);
        return;
      }
      setProblem('');
      try {
        const coverUrl = cover ? await uploadCover(cover) : undefined;
        if (coverUrl === null) {
          setProblem(UPLOAD_IMAGE_MESSAGES.serverError);
          return;
        }
        setProgress(0);
        const uploaded = await upload(video as File);
        const result = await api.call('video.addVideoGuide', {
          activityCode,
          title: trimmed,
          videoUrl: uploaded.url,
          ...(coverUrl ? { coverUrl } : {}),
        });
        const guideId = result.result?.guideId ?? 0;
        setAnnouncement(props.submittedToast);
        ui.toast({ text: props.submittedToast });
        setVideo(null);
        setCover(null);
        setTitle('');
        setProgress(null);
        if (videoInput.current) videoInput.current.value = '';
        if (coverInput.current) coverInput.current.value = '';
        onSubmitted(guideId);
      } catch (error) {
        setProgress(null);
        const text = errorText(error, '上传失败，请稍后再试');
        setProblem(text);
        setAnnouncement(text);
      }
      await quota.mutate();
    });
  };

  if (quota.error) {
    return (
      <ErrorState
        text={errorText(quota.error, props.errorText)}
        onRetry={() => void quota.mutate()}
        minHeight={240}
      />
    );
  }
  if (!quota.data) return <Skeleton height={300} />;

  const closed = phase !== 'live';
  const limitReached = left <= 0;
  const submitLabel =
    phase === 'notStarted'
      ? props.notStartedText
      : phase === 'ended'
        ? props.endedText
        : props.submitText;
  const accent = props.accentColor ? { background: props.accentColor } : undefined;
  return (
    <form className="w-video-upload__form" onSubmit={submit} noValidate aria-busy={busy}>
      <p className="w-video-upload__quota" role="note">
        {limitReached
          ? props.limitReachedText
          : Number.isFinite(left)
            ? props.limitTemplate.replace('{n}', String(left))
            : ''}
      </p>
      <div className="w-video-upload__pickers">
        <label className="w-video-upload__picker" htmlFor={`${ids}-video`}>
          {video ? `已选择：${video.name}` : checking ? '正在检查视频…' : props.pickText}
        </label>
        <input
          ref={videoInput}
          id={`${ids}-video`}
          className="w-video-upload__file"
          type="file"
          accept={props.acceptTypes.join(',')}
          disabled={busy || closed || limitReached}
          onChange={(event) => void pickVideo(event.currentTarget.files?.[0])}
        />
        <label className="w-video-upload__picker" htmlFor={`${ids}-cover`}>
          {cover ? `封面：${cover.name}` : props.coverText}
        </label>
        <input
          ref={coverInput}
          id={`${ids}-cover`}
          className="w-video-upload__file"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          disabled={busy || closed || limitReached}
          onChange={(event) => pickCover(event.currentTarget.files?.[0])}
        />
      </div>
      <label className="w-video-upload__label" htmlFor={`${ids}-title`}>
        标题
      </label>
      <input
        id={`${ids}-title`}
        className="w-video-upload__title-input"
        value={title}
        maxLength={TITLE_MAX}
        placeholder={props.titlePlaceholder}
        disabled={busy || closed || limitReached}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      {progress !== null ? (
        <div className="w-video-upload__progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label="上传进度" />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      ) : null}
      {problem ? (
        <p className="w-video-upload__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        className="w-video-upload__submit"
        disabled={busy || closed || limitReached || checking}
        aria-busy={busy}
        style={accent}
      >
        {busy ? '上传中…' : submitLabel}
      </button>
      <LiveRegion message={announcement} />
    </form>
  );
}
