import { useEffect, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf } from '../_campaign-kit/activity';
import { ErrorState, LoginPrompt, Skeleton } from '../_campaign-kit/states';
import type { NewUserPacketProps } from './schema';
import type * as PacketViewModule from './packet-view';
import './new-user-packet.css';

const PACKET = 'generalActivity.newUser/packet';
const BUBBLE = 'generalActivity.newUser/bubble';
const INVITE = 'generalActivity.invitePacketInfo';
const CALLS = [PACKET, BUBBLE, INVITE];
const HEIGHT = 260;

type View = typeof PacketViewModule;

let view: View | undefined;
let loading: Promise<View> | undefined;

/** The logged-in view's chunk (./packet-view.tsx), fetched once; a failed fetch is tried again. */
function loadView(): Promise<View> {
  loading ??= import('./packet-view').then(
    (module) => (view = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export default function NewUserPacket({ props, emit }: WidgetComponentProps<NewUserPacketProps>) {
  const page = usePage();
  const { auth } = useServices();
  const loggedIn = auth.isLoggedIn();
  const code = activityCodeOf(page, props.activityCode);
  const params = { activityCode: code };
  const wants = (section: NewUserPacketProps['sections'][number]) =>
    loggedIn && code !== '' && props.sections.includes(section);
  // The calls start at once; the view that reads them arrives meanwhile.
  const packet = useApi(wants('packet') ? PACKET : null, params);
  const bubbles = useApi(wants('bubbles') ? BUBBLE : null, params);
  const invite = useApi(wants('invite') ? INVITE : null, params);
  const [loaded, setLoaded] = useState<View | 'failed' | undefined>(view);
  useEffect(() => {
    if (!loggedIn || loaded !== undefined) return undefined;
    let current = true;
    loadView().then(
      (module) => current && setLoaded(module),
      () => current && setLoaded('failed'),
    );
    return () => {
      current = false;
    };
  }, [loggedIn, loaded]);

  const title = props.title ? <h2 className="w-nup__title">{props.title}</h2> : null;
  if (!loggedIn) {
    return (
      <section className="w-nup" aria-label={props.title || undefined}>
        {title}
        <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={HEIGHT} />
      </section>
    );
  }
  if (loaded === 'failed') {
    // The view's chunk did not arrive: the widget's failure text; the next tap loads it again.
    return (
      <section className="w-nup">
        {title}
        <ErrorState
          text={props.errorText}
          onRetry={() => setLoaded(undefined)}
          minHeight={HEIGHT}
        />
      </section>
    );
  }
  if (!loaded) return <Skeleton height={HEIGHT} />;
  return (
    <loaded.PacketView
      props={props}
      emit={emit}
      code={code}
      params={params}
      wants={wants}
      packet={packet}
      bubbles={bubbles}
      invite={invite}
      title={title}
      height={HEIGHT}
      calls={CALLS}
    />
  );
}
