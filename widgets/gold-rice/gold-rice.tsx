import { useMemo, useState } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { formatGoldRice } from '../../src/services/rules/gold-rice';
import { activityCodeOf, activityPhase } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { dataStates, LiveRegion, LoginPrompt, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import type { Bubble } from './gold-rice-data';
import type { GoldRiceProps } from './schema';
import './gold-rice.css';

const HEIGHT = 220;
/** Calls showing draw chances or prizes, which a conversion or a gold-rice draw changes. */
const CHANCE_CALLS = [
  'generalActivity.getRemainChance',
  'generalActivity.getFlashDrawByConfigActivityId4C',
  'generalActivity.myPrize',
];

export default function GoldRice({ props, emit }: WidgetComponentProps<GoldRiceProps>) {
  const page = usePage();
  const { api, auth, clock, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const sumQuery = useApi(loggedIn ? 'generalActivity.queryUserGoldRichSum' : null, params);
  const bubbleQuery = useApi(
    loggedIn && props.bubbles ? 'generalActivity.getUnReceivedGoldRiceList' : null,
    params,
  );
  const expiringQuery = useApi(
    loggedIn && props.expiringText ? 'generalActivity.getUserVideoExpireGold' : null,
    params,
  );
  const expiring = expiringQuery.data?.result?.amount ?? 0;
  const bubbles = useMemo(
    () => bubbleQuery.data?.result?.list.filter((bubble) => !bubble.received) ?? [],
    [bubbleQuery.data],
  );
  const { lock, busyKey } = useLock();
  const revalidate = useRevalidate();
  const [announcement, setAnnouncement] = useState('');
  const phase = activityPhase(page, activityCode, clock.now());
  const live = phase === 'live';
  const accent = accentText(props.accentColor);

  const announce = (text: string) => {
    setAnnouncement(text);
    ui.toast({ text, variant: 'short' });
  };

  /** Shows the server's new balance at once, then reads it again (SWR revalidation). */
  const applySum = async (sum: number | undefined) => {
    if (sum === undefined) await sumQuery.mutate();
    else await sumQuery.mutate({ code: 0, result: { sum } }, { revalidate: true });
  };

  const collect = (targets: Bubble[]) =>
    lock(targets.length === 1 ? (targets[0]?.bubbleId ?? 'one') : 'all', async () => {
      try {
        const envelope =
          targets.length === 1
            ? await api.call('generalActivity.drawGoldRice', {
                activityCode,
                bubbleId: targets[0]?.bubbleId,
              })
            : await api.call('generalActivity.batchDrawGoldRice', {
                activityCode,
                bubbleIds: targets.map((bubble) => bubble.bubbleId).join(','),
              });
        const received = envelope.result?.received ?? 0;
        announce(`已领取${formatGoldRice(received)}${props.unit}`);
        void emit('collected', { received });
        await applySum(envelope.result?.sum);
      } catch (error) {
        announce(errorText(error, '领取失败，请稍后再试'));
      }
      await Promise.all([bubbleQuery.mutate(), expiringQuery.mutate()]);
    });

  const spend = (kind: 'convert' | 'draw') =>
    lock(kind, async () => {
      const option = kind === 'convert' ? props.convert : props.draw;
      if (!option) return;
      const confirmed = await ui.confirm({ text: option.confirmText, cancelText: '取消' });
      if (!confirmed) return;
      try {
        if (kind === 'convert') {
          const chances = props.convert?.chances ?? 1;
          const convertCall =
            props.convert?.method === 'GET'
              ? 'generalActivity.convertGoldRich.get'
              : 'generalActivity.convertGoldRich';
          const envelope = await api.call(convertCall, {
            activityCode,
            chances,
          });
          announce(`兑换成功，获得${chances}次抽奖机会`);
          void emit('converted', { chances });
          void revalidate(CHANCE_CALLS);
          await applySum(envelope.result?.sum);
        } else {
          const envelope = await api.call('generalActivity.goldRichDraw', { activityCode });
          const prize = envelope.result?.prizeName ?? '';
          announce(prize ? `恭喜获得：${prize}` : '抽奖完成');
          void emit('drawn', { prize });
          void revalidate(CHANCE_CALLS);
          await sumQuery.mutate();
        }
      } catch (error) {
        announce(
          errorText(error, kind === 'convert' ? '兑换失败，请稍后再试' : '抽奖失败，请稍后再试'),
        );
        await sumQuery.mutate();
      }
    });

  const title = props.title ? <h2 className="w-gold-rice__title">{props.title}</h2> : null;
  const state = dataStates({
    loggedOut: loggedIn ? undefined : (
      <LoginPrompt
        text={props.loginText}
        buttonText={props.loginButton ? props.loginButtonText : null}
        minHeight={HEIGHT / 2}
      />
    ),
    call: {
      data: sumQuery.data,
      error: sumQuery.error,
      mutate: () => Promise.all([sumQuery.mutate(), bubbleQuery.mutate()]),
    },
    errorText: props.errorText,
    errorMinHeight: HEIGHT / 2,
    loading: <Skeleton height={HEIGHT} />,
    frame: (inner) => (
      <div className="w-gold-rice">
        {title}
        {inner}
      </div>
    ),
  });
  // dataStates answers null only once the sum is there.
  if (state !== null || !sumQuery.data) return state;

  const blockedText = phase === 'notStarted' ? props.notStartedText : props.endedText;
  return (
    <div className="w-gold-rice">
      {title}
      <p className="w-gold-rice__balance" style={accent}>
        <strong>{formatGoldRice(sumQuery.data.result?.sum ?? 0)}</strong> {props.unit}
      </p>
      {props.expiringText && expiring > 0 ? (
        <p className="w-gold-rice__expiring">
          {props.expiringText.replace('{amount}', formatGoldRice(expiring))}
        </p>
      ) : null}
      {props.bubbles ? (
        bubbles.length > 0 ? (
          <>
            <ul className="w-gold-rice__bubbles">
              {bubbles.map((bubble) => (
                <li key={bubble.bubbleId}>
                  <button
                    type="button"
                    className="w-gold-rice__bubble"
                    disabled={!live || busyKey !== null}
                    aria-busy={busyKey === bubble.bubbleId}
                    aria-label={`领取${formatGoldRice(bubble.amount)}${props.unit}${bubble.label ? `，${bubble.label}` : ''}`}
                    onClick={() => void collect([bubble])}
                    style={
                      props.bubbleImage
                        ? { backgroundImage: `url("${props.bubbleImage}")` }
                        : undefined
                    }
                  >
                    +{formatGoldRice(bubble.amount)}
                  </button>
                </li>
              ))}
            </ul>
            {bubbles.length > 1 ? (
              <button
                type="button"
                className="w-gold-rice__action"
                disabled={!live || busyKey !== null}
                aria-busy={busyKey === 'all'}
                onClick={() => void collect(bubbles)}
              >
                {live ? props.collectAllText : blockedText}
              </button>
            ) : null}
          </>
        ) : bubbleQuery.data ? (
          <p className="w-gold-rice__empty">{props.noBubblesText}</p>
        ) : (
          <div className="w-gold-rice__bubbles-placeholder" aria-hidden="true" />
        )
      ) : null}
      <div className="w-gold-rice__actions">
        {(['convert', 'draw'] as const).map((kind) => {
          const option = kind === 'convert' ? props.convert : props.draw;
          if (!option) return null;
          return (
            <button
              key={kind}
              type="button"
              className="w-gold-rice__action"
              disabled={!live || busyKey !== null}
              aria-busy={busyKey === kind}
              onClick={() => void spend(kind)}
              style={props.accentColor ? { background: props.accentColor } : undefined}
            >
              {live ? option.text : blockedText}
            </button>
          );
        })}
      </div>
      <LiveRegion message={announcement} />
    </div>
  );
}
