import { useMemo } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { usePage } from '../../src/engine/render/page-context';
import { remainingChance } from '../../src/services/rules/remaining-chance';
import { activityOf } from '../_campaign-kit/loose/activity';
import { slotsFromActivity, soldOutIds } from './draw-data';
import type { LuckyDrawProps, LuckyDrawSlot } from './schema';

/** Same call and params as the page's own activity query, so SWR shares one request. */
const ACTIVITY_CALL = 'configActivity.getSingleConfigActivity4c';

export type ActivityPhase = 'loading' | 'notStarted' | 'ongoing' | 'ended';

/** The server's activity `status` (server/src/domain/activity-guard.ts) as a phase. */
export function phaseOf(activity: Record<string, unknown> | null): ActivityPhase {
  if (!activity) return 'loading';
  const status = activity.status;
  if (status === 'notStarted') return 'notStarted';
  if (status === 'ended' || status === 'closed') return 'ended';
  return 'ongoing';
}

/** Activity config, slots, remaining chances and sold-out prizes of a lucky draw. */
export function useDrawData(props: LuckyDrawProps) {
  const page = usePage();
  const code = props.activityCode ?? page.document.activity?.code ?? null;
  const params = code ? { activityCode: code } : undefined;
  const activityQuery = useApi(code ? ACTIVITY_CALL : null, params);
  const chanceQuery = useApi(code ? 'generalActivity.getRemainChance' : null, params);
  const stockQuery = useApi(code ? 'generalActivity.prizeStock' : null, params);
  // A flash draw's rounds (issue 32): the server says which is open and which is next.
  const flashQuery = useApi(
    code && props.drawCall === 'flashLuckDraw'
      ? 'generalActivity.getFlashDrawByConfigActivityId4C'
      : null,
    params,
  );

  const activity = useMemo(() => activityOf(activityQuery.data), [activityQuery.data]);
  const slots: LuckyDrawSlot[] = useMemo(
    () => props.prizes ?? slotsFromActivity(activity),
    [props.prizes, activity],
  );
  const soldOut = useMemo(() => soldOutIds(stockQuery.data?.result), [stockQuery.data]);
  const chanceAnswer = chanceQuery.data?.result;
  const chances = chanceAnswer ? remainingChance(chanceAnswer.remainChance) : null;

  return {
    code,
    activity,
    phase: activityQuery.error ? ('ongoing' as const) : phaseOf(activity),
    activityError: activityQuery.error as unknown,
    retryActivity: () => void activityQuery.mutate(),
    slots,
    slotsFromServer: !props.prizes,
    soldOut,
    chances,
    flash: flashQuery.data?.result,
    refreshFlash: flashQuery.mutate,
  };
}
