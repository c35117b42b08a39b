import { useMemo, useState } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, linkActions } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import {
  amount,
  balanceAfter,
  balanceOf,
  fill,
  fixedGoodsOf,
  goodsFromAnswer,
  goodsState,
  type Goods,
} from './goods';
import type { GoodsExchangeProps } from './schema';
import './goods-exchange.css';

const CARD_HEIGHT = 232;

export default function GoodsExchange({ props, emit }: WidgetComponentProps<GoodsExchangeProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const balanceQuery = useApi(loggedIn ? props.balance.call : null, params);
  const goodsQuery = useApi(
    props.goods || !props.showGoods ? null : props.goodsSource.call,
    params,
  );
  const revalidate = useRevalidate();
  const { lock, busyKey } = useLock();
  const [announcement, setAnnouncement] = useState('');
  // The balance an exchange answered, shown until the re-read arrives.
  const [answered, setAnswered] = useState<number | null>(null);

  const unit = props.unit;
  const read = balanceOf(balanceQuery.data, props.balance.field, props.balance.divisor);
  const balance = answered ?? read;
  const goods = useMemo(
    () => (props.goods ? fixedGoodsOf(props) : goodsFromAnswer(goodsQuery.data, props)),
    [props, goodsQuery.data],
  );
  const accent = props.accentColor;
  const texts = {
    available: props.exchangeText,
    lack: fill(props.lackText, { unit }),
    soldOut: props.soldOutText,
    limit: props.limitText,
  };

  const go = (target: string | undefined) => {
    const actions = linkActions(target);
    if (actions.length > 0) void page.run(actions);
  };
  const openRecords = () => go(props.recordsTarget);

  const exchange = (item: Goods) =>
    lock(item.goodsId, async () => {
      const values = { cost: amount(item.cost), unit, name: item.name };
      const sure = await ui.confirm({
        title: props.confirmTitle,
        text: fill(props.confirmText, values),
        confirmText: '确定',
        cancelText: '取消',
      });
      if (!sure) return;
      let done = false;
      try {
        const answer = await api.call(props.exchange.call, {
          activityCode,
          ...item.params,
          [props.exchange.idParam]: item.goodsId,
        });
        const after = balanceAfter(
          answer,
          props.exchange.resultBalanceField,
          props.balance.divisor,
        );
        if (after !== null) setAnswered(after);
        done = true;
        setAnnouncement(`${props.successTitle}：${item.name}`);
        void emit('exchange', { goodsId: item.goodsId });
      } catch (error) {
        const text = errorText(error, props.errorText);
        setAnnouncement(text);
        ui.toast({ text });
      }
      // The server decides the balance, the counts and what is left: read them again, behind
      // the result dialog, so the page is right by the time the visitor closes it.
      const reread = Promise.all([
        balanceQuery.mutate(),
        goodsQuery.mutate(),
        revalidate(props.refreshCalls),
      ]).then(() => setAnswered(null));
      if (done) {
        const more = await ui.confirm({
          title: props.successTitle,
          text: fill(props.successText, values),
          confirmText: props.recordsTarget ? props.recordsText : '知道了',
          ...(props.recordsTarget ? { cancelText: '知道了' } : {}),
        });
        if (more && props.recordsTarget) openRecords();
      }
      await reread;
    });

  let grid;
  if (!props.showGoods) {
    grid = null;
  } else if (!props.goods && goodsQuery.error && !goodsQuery.data) {
    grid = (
      <ErrorState
        text={errorText(goodsQuery.error, props.loadErrorText)}
        onRetry={() => void goodsQuery.mutate()}
        minHeight={CARD_HEIGHT}
      />
    );
  } else if (!props.goods && !goodsQuery.data) {
    grid = <Skeleton height={CARD_HEIGHT} />;
  } else if (goods.length === 0) {
    grid = <Notice minHeight={CARD_HEIGHT / 2}>{props.emptyText}</Notice>;
  } else {
    grid = (
      <ul className={`w-goods-exchange__grid w-goods-exchange__grid--${props.columns}`}>
        {goods.map((item) => {
          const state = loggedIn ? goodsState(item, balance) : 'available';
          const label = loggedIn ? texts[state] : props.exchangeText;
          const enabled = state === 'available' && busyKey === null;
          return (
            <li key={item.goodsId} className="w-goods-exchange__item" data-state={state}>
              {item.image ? (
                <img
                  className="w-goods-exchange__image"
                  src={item.image}
                  alt=""
                  width={120}
                  height={120}
                  loading="lazy"
                />
              ) : (
                <span className="w-goods-exchange__image" aria-hidden="true" />
              )}
              <h3 className="w-goods-exchange__name">{item.name}</h3>
              {item.desc ? <p className="w-goods-exchange__desc">{item.desc}</p> : null}
              <p className="w-goods-exchange__cost" style={accentText(accent)}>
                <strong>{amount(item.cost)}</strong>
                {unit}
                {loggedIn && item.limit !== null ? (
                  <span className="w-goods-exchange__limit">
                    {' '}
                    已兑{item.exchanged}/{item.limit}
                  </span>
                ) : null}
              </p>
              <button
                type="button"
                className="w-goods-exchange__button"
                disabled={!enabled}
                aria-busy={busyKey === item.goodsId}
                aria-label={`${label}：${item.name}`}
                style={enabled && accent ? { background: accent } : undefined}
                onClick={() =>
                  loggedIn ? void exchange(item) : void page.run([{ type: 'login' }])
                }
              >
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  let head;
  if (!loggedIn) {
    head = (
      <LoginPrompt text={fill(props.loginText, { unit })} buttonText={props.loginButtonText} />
    );
  } else {
    let value;
    if (balance !== null) value = amount(balance);
    else if (balanceQuery.error) value = null;
    else value = '…';
    head = (
      <div className="w-goods-exchange__balance">
        <p className="w-goods-exchange__balance-label">
          {fill(props.balanceLabel, { unit })}
          <strong
            className="w-goods-exchange__balance-value"
            style={accentText(accent)}
            aria-live="polite"
          >
            {value ?? '--'}
          </strong>
        </p>
        {value === null ? (
          <button
            type="button"
            className="w-goods-exchange__link"
            onClick={() => void balanceQuery.mutate()}
          >
            重试
          </button>
        ) : null}
        {props.recordsTarget ? (
          <button type="button" className="w-goods-exchange__link" onClick={openRecords}>
            {props.recordsText}
          </button>
        ) : null}
        {props.exchangeTarget ? (
          <button
            type="button"
            className="w-goods-exchange__link"
            onClick={() => go(props.exchangeTarget)}
          >
            {props.exchangeLinkText}
          </button>
        ) : null}
      </div>
    );
  }

  return (
    <section className="w-goods-exchange" aria-label={props.title || '兑换'}>
      {props.title ? <h2 className="w-goods-exchange__title">{props.title}</h2> : null}
      {head}
      {grid}
      <LiveRegion message={announcement} />
    </section>
  );
}
