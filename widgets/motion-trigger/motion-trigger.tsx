import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import { useServices } from '../../src/services/context';
import { LiveRegion, LoginPrompt } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { createRaiseDetector, createShakeDetector, joltOf, type Vector } from './detect';
import type { MotionTriggerProps } from './schema';
import './motion-trigger.css';

type Mode = MotionTriggerProps['mode'];
/** What the browser offers: listen at once, ask first (iOS 13+), or nothing. */
type Support = 'unknown' | 'available' | 'needsPermission' | 'unsupported';
type Permission = 'pending' | 'granted' | 'denied';

interface SensorEventClass {
  requestPermission?: () => Promise<'granted' | 'denied'>;
}

const EVENT_OF: Record<Mode, 'devicemotion' | 'deviceorientation'> = {
  shake: 'devicemotion',
  raiseHead: 'deviceorientation',
};

function sensorClass(mode: Mode): SensorEventClass | undefined {
  const scope = globalThis as unknown as Record<string, SensorEventClass | undefined>;
  return scope[mode === 'shake' ? 'DeviceMotionEvent' : 'DeviceOrientationEvent'];
}

function supportOf(mode: Mode): Support {
  const sensor = sensorClass(mode);
  if (sensor === undefined) return 'unsupported';
  return typeof sensor.requestPermission === 'function' ? 'needsPermission' : 'available';
}

const noSubscription = () => () => undefined;

export default function MotionTrigger({ props, emit }: WidgetComponentProps<MotionTriggerProps>) {
  const { auth, clock } = useServices();
  const loggedIn = auth.isLoggedIn();
  // Read from the browser after hydration only ('unknown' on the server and while hydrating).
  const support = useSyncExternalStore(
    noSubscription,
    () => supportOf(props.mode),
    () => 'unknown' as Support,
  );
  const [permission, setPermission] = useState<Permission>('pending');
  const [announcement, setAnnouncement] = useState('');
  const { lock, busy } = useLock();
  const quietUntil = useRef(0);

  // The cool-down keeps one long shake from drawing twice; a tap on the button is deliberate.
  const fire = useCallback(
    (byTap = false) => {
      if (!byTap && clock.now() < quietUntil.current) return;
      void lock('trigger', async () => {
        setAnnouncement(props.busyText);
        try {
          await emit('trigger');
        } finally {
          quietUntil.current = clock.now() + props.cooldownMs;
          setAnnouncement('');
        }
      });
    },
    [clock, emit, lock, props.busyText, props.cooldownMs],
  );

  const listening =
    loggedIn &&
    (support === 'available' || (support === 'needsPermission' && permission === 'granted'));

  const { mode, threshold, jolts, raiseAngle } = props;
  useEffect(() => {
    if (!listening) return;
    const shake = createShakeDetector({ threshold, jolts });
    const raise = createRaiseDetector({ raiseAngle });
    const onMotion = (event: Event) => {
      const motion = event as DeviceMotionEvent;
      const jolt = joltOf(
        motion.acceleration as Vector | null,
        motion.accelerationIncludingGravity as Vector | null,
      );
      if (shake.push(jolt, clock.now())) fire();
    };
    const onOrientation = (event: Event) => {
      if (raise.push((event as DeviceOrientationEvent).beta)) fire();
    };
    const type = EVENT_OF[mode];
    const handler = mode === 'shake' ? onMotion : onOrientation;
    globalThis.addEventListener(type, handler);
    return () => globalThis.removeEventListener(type, handler);
  }, [listening, mode, threshold, jolts, raiseAngle, clock, fire]);

  if (!loggedIn)
    return (
      <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={160} />
    );

  const askPermission = async () => {
    try {
      const answer = await sensorClass(props.mode)?.requestPermission?.();
      setPermission(answer === 'granted' ? 'granted' : 'denied');
    } catch {
      // Safari refuses when not called from a tap, or on an insecure page.
      setPermission('denied');
    }
  };

  const hint =
    support === 'unsupported'
      ? props.unsupportedText
      : support === 'needsPermission' && permission === 'denied'
        ? props.deniedText
        : (props.hintText ?? (props.mode === 'shake' ? '摇一摇手机即可抽奖' : '举起手机即可抽奖'));
  const accent = props.accentColor ? { background: props.accentColor } : undefined;

  return (
    <section
      className={`w-motion-trigger w-motion-trigger--${props.mode}`}
      aria-busy={busy}
      data-listening={listening ? 'true' : undefined}
    >
      {props.image && isSafeUrl(props.image) ? (
        <img
          className={`w-motion-trigger__image${listening && !busy ? ' is-waiting' : ''}`}
          src={props.image}
          alt={props.imageAlt}
          width={120}
          height={120}
        />
      ) : null}
      <p className="w-motion-trigger__hint">{busy ? props.busyText : hint}</p>
      {support === 'needsPermission' && permission === 'pending' ? (
        <button
          type="button"
          className="w-motion-trigger__button"
          style={accent}
          onClick={() => void askPermission()}
        >
          {props.permissionText}
        </button>
      ) : null}
      <button
        type="button"
        className="w-motion-trigger__button w-motion-trigger__button--fallback"
        style={accent}
        disabled={busy}
        aria-busy={busy}
        onClick={() => fire(true)}
      >
        {busy ? props.busyText : props.buttonText}
      </button>
      <LiveRegion message={announcement} />
    </section>
  );
}
