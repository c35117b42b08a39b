import { useSWRConfig } from 'swr';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { stableKey } from '../../src/engine/data/use-api';
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

  // A new submission or like changes the lists other nodes of the page may show (the submitter's
  // own list shows a new guide at once, pending review). Each list by its exact key.
  const refreshLists = () => {
    for (const call of ['video.getMyVideoGuide', 'video.getVideoPlayerGuide']) {
      void mutate(['api', call, stableKey({ activityCode })]);
    }
  };

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
