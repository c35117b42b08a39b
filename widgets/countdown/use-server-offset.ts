import { useEffect, useMemo, useState } from 'react';
import { useServices } from '../../src/services/context';
import { answerServerTime, serverTimeOf } from '../_campaign-kit/loose/activity';
import { clockOffset } from './time';

/**
 * Server clock minus phone clock, in ms. From the activity answer's `serverTime` when it has one
 * (taken as stamped when the answer arrived), else from `call` (timed around the request), else
 * 0: the countdown then runs on the phone clock and the server's `status` keeps the phase honest.
 */
export function useServerOffset(activity: unknown, call: string | null, activityCode = ''): number {
  const { api, clock } = useServices();
  const fromActivity = serverTimeOf(activity);
  const [fromCall, setFromCall] = useState<number | null>(null);
  // Read once per answer: the stamp is taken as made when the answer reached the page.
  const activityOffset = useMemo(
    () => (fromActivity === null ? null : fromActivity - clock.now()),
    [clock, fromActivity],
  );

  useEffect(() => {
    if (fromActivity !== null || call === null) return;
    let live = true;
    const sentAt = clock.now();
    api
      // Activity-scoped time calls (getMifansActivityTime) need the code; others ignore it.
      .call(call, activityCode ? { activityCode } : undefined)
      .then((envelope) => {
        const time = answerServerTime(envelope);
        if (live && time !== null) {
          setFromCall(clockOffset(time, sentAt, clock.now()));
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [activityCode, api, call, clock, fromActivity]);

  return activityOffset ?? fromCall ?? 0;
}
