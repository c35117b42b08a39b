import { useMemo, useState } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { formatGoldRice } from '../../src/services/rules/gold-rice';
import { activityCodeOf, linkActions } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { coinInfoOf, formatTime, taskRecordsOf, type TaskRecord } from './balance-data';
import type { BalanceWithdrawProps } from './schema';
import './balance-withdraw.css';

const HEIGHT = 240;

export default function BalanceWithdraw({
  props,
  emit,
}: WidgetComponentProps<BalanceWithdrawProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const info = useApi(loggedIn ? 'generalActivity.coinInfo' : null, params);
  const showWithdraw = props.show !== 'records';
  const showRecords = props.show !== 'withdraw';
  const tasks = useApi(
    loggedIn && showRecords && props.taskRecords ? 'generalActivity.showTaskListHistory' : null,
    params,
  );
  const coin = useMemo(() => coinInfoOf(info.data?.result), [info.data]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { lock, busy } = useLock();
  const accent = props.accentColor;
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

  const allowed = (amount: number) => amount >= coin.withdrawMin && amount <= coin.balance;
  const selected =
    chosen !== null && allowed(chosen) ? chosen : (props.amounts.find(allowed) ?? null);

  const withdraw = () =>
    lock('withdraw', async () => {
      if (selected === null) return;
      const amount = formatGoldRice(selected);
      const confirmed = await ui.confirm({
        text: fill(props.confirmText, { amount, unit: props.unit }),
        cancelText: '取消',
        confirmText: '确定提现',
      });
      if (!confirmed) return;
      try {
        await api.call(
          props.kind === 'coin'
            ? 'generalActivity.coinWithDraw'
            : 'generalActivity.redPacketWithDraw',
          { activityCode, amount: selected },
        );
        setResult({ ok: true, text: props.successText });
        setAnnouncement(props.successText);
        ui.toast({ text: props.successText, variant: 'short' });
        void emit('withdrawn', { amount: selected });
      } catch (error) {
        const name = (error as { error?: unknown } | null)?.error;
        const text =
          name === 'INSUFFICIENT_GOLD_RICE'
            ? props.insufficientText
            : errorText(error, props.errorText);
        setResult({ ok: false, text });
        setAnnouncement(text);
        ui.toast({ text, variant: 'short' });
      }
      setChosen(null);
      await info.mutate();
    });

  const title = props.title ? <h2 className="w-balance__title">{props.title}</h2> : null;
  if (!loggedIn) {
    return (
      <div className="w-balance">
        {title}
        <LoginPrompt
          text={props.loginText}
          buttonText={props.loginButtonText}
          minHeight={HEIGHT / 2}
        />
      </div>
    );
  }
  if (info.error && !info.data) {
    return (
      <div className="w-balance">
        {title}
        <ErrorState
          text={errorText(info.error, props.loadErrorText)}
          onRetry={() => void info.mutate()}
          minHeight={HEIGHT / 2}
        />
      </div>
    );
  }
  if (!info.data) return <Skeleton height={HEIGHT} />;

  const min = formatGoldRice(coin.withdrawMin);
  const belowMin = coin.balance < coin.withdrawMin;
  const earn = props.earnTarget ? linkActions(props.earnTarget) : [];

  return (
    <div className="w-balance">
      {showWithdraw ? (
        <section className="w-balance__card" aria-label={props.title || '余额'}>
          {title}
          <p className="w-balance__amount">
            <strong style={accentText(accent)}>{formatGoldRice(coin.balance)}</strong> {props.unit}
          </p>
          <p className="w-balance__min">{fill(props.minText, { min, unit: props.unit })}</p>
          <div className="w-balance__amounts" role="group" aria-label="选择提现金额">
            {props.amounts.map((amount) => (
              <button
                key={amount}
                type="button"
                className="w-balance__chip"
                aria-pressed={selected === amount}
                disabled={!allowed(amount) || busy}
                onClick={() => setChosen(amount)}
              >
                {formatGoldRice(amount)}
                {props.unit}
              </button>
            ))}
          </div>
          {belowMin ? <p className="w-balance__hint">{props.belowMinText}</p> : null}
          <div className="w-balance__actions">
            <button
              type="button"
              className="w-balance__submit"
              style={accent ? { background: accent } : undefined}
              disabled={selected === null || busy}
              aria-busy={busy}
              onClick={() => void withdraw()}
            >
              {props.withdrawText}
            </button>
            {belowMin && earn.length > 0 ? (
              <button type="button" className="w-balance__earn" onClick={() => void page.run(earn)}>
                {props.earnText}
              </button>
            ) : null}
          </div>
          {result ? (
            <p className={`w-balance__result w-balance__result--${result.ok ? 'ok' : 'error'}`}>
              {result.text}
            </p>
          ) : null}
        </section>
      ) : null}
      {showRecords ? (
        <section className="w-balance__records" aria-label={props.recordsTitle || '提现记录'}>
          {props.recordsTitle ? <h2 className="w-balance__title">{props.recordsTitle}</h2> : null}
          {coin.withdrawals.length === 0 ? (
            <Notice>{props.recordsEmptyText}</Notice>
          ) : (
            <ul className="w-balance__list">
              {coin.withdrawals.map((w) => (
                <li key={w.id} className="w-balance__row">
                  <span className="w-balance__row-main">
                    提现{formatGoldRice(w.amount)}
                    {props.unit}
                    <small>{formatTime(w.time)}</small>
                  </span>
                  <span className="w-balance__status">
                    {props.statusTexts[w.status] ?? w.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {showRecords && props.taskRecords ? (
        <section className="w-balance__records" aria-label={props.taskRecordsTitle || '任务记录'}>
          {props.taskRecordsTitle ? (
            <h2 className="w-balance__title">{props.taskRecordsTitle}</h2>
          ) : null}
          {tasks.error && !tasks.data ? (
            <ErrorState
              text={errorText(tasks.error, '任务记录加载失败')}
              onRetry={() => void tasks.mutate()}
            />
          ) : !tasks.data ? (
            <Skeleton height={96} />
          ) : (
            <TaskRows
              records={taskRecordsOf(tasks.data?.result)}
              empty={props.taskRecordsEmptyText}
            />
          )}
        </section>
      ) : null}
      <LiveRegion message={announcement} />
    </div>
  );
}

function TaskRows({ records, empty }: { records: TaskRecord[]; empty: string }) {
  if (records.length === 0) return <Notice>{empty}</Notice>;
  return (
    <ul className="w-balance__list">
      {records.map((r) => {
        const rewards = [
          r.goldRice > 0 ? `+${formatGoldRice(r.goldRice)}元` : '',
          r.chances > 0 ? `+${r.chances}次机会` : '',
        ].filter(Boolean);
        return (
          <li key={r.id} className="w-balance__row">
            <span className="w-balance__row-main">
              {r.title}
              <small>{formatTime(r.time)}</small>
            </span>
            <span className="w-balance__status">{rewards.join(' ') || '已完成'}</span>
          </li>
        );
      })}
    </ul>
  );
}
