import { useSWRConfig } from 'swr';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, activityPhase } from '../_campaign-kit/activity';
import { LoginPrompt } from '../_campaign-kit/states';
import { GuideList } from './guide-list';
import type { VideoUploadProps } from './schema';
import { UploadForm } from './upload-form';
import './video-upload.css';

export default function VideoUpload({ props, emit }: WidgetComponentProps<VideoUploadProps>) {
  const page = usePage();
  const { auth, clock } = useServices();
  const { mutate } = useSWRConfig();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const phase = activityPhase(page, activityCode, clock.now());

  // A new submission or like changes the lists other nodes of the page may show.
  const refreshLists = () =>
    void mutate(
      (key) =>
        Array.isArray(key) &&
        key[0] === 'api' &&
        /^video\.get(My|VideoPlayer)Guide$/.test(String(key[1])),
    );

  let content;
  if (!loggedIn && props.mode !== 'gallery') {
    content = (
      <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={160} />
    );
  } else if (props.mode === 'upload') {
    content = (
      <UploadForm
        props={props}
        activityCode={activityCode}
        phase={phase}
        onSubmitted={(guideId) => {
          refreshLists();
          void emit('submitted', { guideId });
        }}
      />
    );
  } else {
    content = (
      <>
        {!loggedIn ? (
          <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />
        ) : null}
        <GuideList
          props={props}
          activityCode={activityCode}
          which={props.mode}
          canLike={loggedIn && phase === 'live'}
          onLiked={(guideId) => void emit('liked', { guideId })}
        />
      </>
    );
  }
  return (
    <div className="w-video-upload">
      {props.title ? <h2 className="w-video-upload__title">{props.title}</h2> : null}
      {content}
    </div>
  );
}
