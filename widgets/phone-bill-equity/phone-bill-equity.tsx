import { useState, type ReactNode } from 'react';
import type { ApiOutput } from '../../src/contracts';
import { useApi, type ApiQueryState } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { beijingTime, indexOf, windowText, yuan } from './equity-data';
import type { PhoneBillEquityProps } from './schema';
import './phone-bill-equity.css';

const PRIZES_HEIGHT = 180;

export default function PhoneBillEquity({
  props,
  emit,
}: WidgetComponentProps<PhoneBillEquityProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const q = props.quarter;
  const index = useApi(props.showPrizes ? (`newPhone.${q}index` as const) : null, params);
  const amount = useApi(
    props.showAmount && loggedIn ? 'generalActivity.phoneBillAmount' : null,
    params,
  );
  const interest = useApi(
    props.showInterest && loggedIn ? 'newMachines.interest/doubleAmount' : null,
    params,
  );
  const oldUser = useApi(
    props.showInterest && loggedIn ? 'newMachines.interest/newMachinesOldUser' : null,
    params,
  );
  const deadline = useApi(
    props.showInterest ? 'newMachines.interest/receiveCountDown' : null,
    params,
  );
  const { lock, busy } = useLock();
  const [result, setResult] = useState('');

  const claim = () =>
    lock('claim', async () => {
      if (!loggedIn) {
        void page.run([{ type: 'login' }]);
        return;
      }
      try {
        const res = await api.call(`newPhone.${q}send` as const, params);
        const won = res.result;
        const text =
          !won || won.prizeType === 'thanks'
            ? props.thanksText
            : `${props.wonText}${won.prizeName}`;
        setResult(text);
        ui.toast({ text, variant: 'short' });
        void emit('claim', { ...res.result });
      } catch (error) {
        const text = errorText(error, '领取失败，请稍后再试');
        setResult(text);
        ui.toast({ text });
      }
      await index.mutate();
    });

  const data = indexOf(index.data?.result);
  // The server refuses a claim outside the quarter's window (403): the button says why instead.
  const closedText =
    data.status === 'notStarted'
      ? props.notStartedText
      : data.status === 'ended' || data.status === 'closed'
        ? props.endedText
        : null;
  const names = new Map(data.prizes.map((p) => [p.prizeId, p.name]));

  return (
    <section className="w-equity">
      {props.title ? <h2 className="w-equity__title">{props.title}</h2> : null}
      {!loggedIn && (props.showAmount || props.showInterest) ? (
        <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />
      ) : null}
      {props.showAmount && loggedIn ? (
        <AmountCard
          label={props.amountLabel}
          state={amount}
          render={(answer) =>
            answer?.eligible === true ? (
              <p className="w-equity__amount">
                <span>¥</span>
                <strong>{yuan(answer.amount)}</strong>
              </p>
            ) : (
              <p className="w-equity__muted">{props.notEligibleText}</p>
            )
          }
        />
      ) : null}
      {props.showInterest && loggedIn ? (
        <AmountCard
          label={props.interestLabel}
          state={interest}
          render={(answer) => (
            <>
              <p className="w-equity__amount">
                <span>¥</span>
                <strong>{yuan(answer?.amount ?? 0)}</strong>
              </p>
              <p className="w-equity__muted">
                {answer?.doubled === true
                  ? `新机用户利息翻倍（原 ¥${yuan(answer.baseAmount)}）`
                  : oldUser.data?.result?.oldUser === true
                    ? '老用户享基础利息'
                    : '基础利息'}
              </p>
            </>
          )}
        />
      ) : null}
      {props.showInterest && deadline.data ? <Deadline answer={deadline.data.result} /> : null}
      {props.showPrizes ? (
        index.error ? (
          <ErrorState
            text={errorText(index.error, props.errorText)}
            onRetry={() => void index.mutate()}
            minHeight={PRIZES_HEIGHT}
          />
        ) : !index.data ? (
          <Skeleton height={PRIZES_HEIGHT} />
        ) : (
          <>
            {data.window.end > 0 ? (
              <p className="w-equity__window">
                {props.windowLabel}：{windowText(data.window)}
              </p>
            ) : null}
            <ul className="w-equity__prizes">
              {data.prizes
                .filter((p) => p.type !== 'thanks')
                .map((p) => (
                  <li key={p.prizeId} className="w-equity__prize" data-sold-out={p.soldOut}>
                    {p.image && isSafeUrl(p.image) ? (
                      <img src={p.image} alt="" width={64} height={64} />
                    ) : null}
                    <span>{p.name}</span>
                    {p.soldOut ? (
                      <span className="w-equity__badge">{props.soldOutText}</span>
                    ) : null}
                  </li>
                ))}
            </ul>
            {loggedIn ? (
              <p className="w-equity__chances">
                {props.chancesLabel}：<strong>{data.remainChance}</strong> 次
              </p>
            ) : null}
            <button
              type="button"
              className="w-equity__claim"
              disabled={busy || closedText !== null || (loggedIn && data.remainChance <= 0)}
              aria-busy={busy}
              onClick={() => void claim()}
            >
              {closedText ??
                (loggedIn && data.remainChance <= 0 ? props.noChanceText : props.claimText)}
            </button>
            {result ? (
              <p className="w-equity__result" aria-hidden="true">
                {result}
              </p>
            ) : null}
            {loggedIn ? (
              <div className="w-equity__mine">
                <h3>{props.mineTitle}</h3>
                {data.myPrizes.length === 0 ? (
                  <p className="w-equity__muted">{props.mineEmptyText}</p>
                ) : (
                  <ul aria-label={props.mineTitle}>
                    {data.myPrizes.map((m) => (
                      <li key={m.drawId}>{names.get(m.prizeId) ?? m.prizeId}</li>
                    ))}
                  </ul>
                )}
              </div>
            ) : null}
          </>
        )
      ) : null}
      <LiveRegion message={result} />
    </section>
  );
}

function AmountCard<T>({
  label,
  state,
  render,
}: {
  label: string;
  state: ApiQueryState<T>;
  render: (answer: T | undefined) => ReactNode;
}) {
  if (state.error)
    return (
      <ErrorState text={errorText(state.error, '加载失败')} onRetry={() => void state.mutate()} />
    );
  if (!state.data) return <Skeleton height={88} />;
  return (
    <div className="w-equity__card">
      <p className="w-equity__label">{label}</p>
      {render(state.data.result)}
    </div>
  );
}

function Deadline({
  answer,
}: {
  answer: ApiOutput<'newMachines.interest/receiveCountDown'> | undefined;
}) {
  if (!answer) return null;
  if (answer.expired) return <Notice>领取已截止</Notice>;
  const days = Math.floor(answer.remainingMs / 86_400_000);
  return (
    <p className="w-equity__deadline">
      领取截止{beijingTime(answer.deadline)}
      {days > 0 ? ` · 剩余${days}天` : ' · 今日截止'}
    </p>
  );
}
