import { useMemo, useState } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { meetsVersion } from '../../src/contracts/env/version';
import { NOT_IN_CLIENT_CODE } from '../../src/services/bridge/native-bridge';
import type { Environment, NativeBridge } from '../../src/services/types';
import { activityCodeOf } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import type { VipGoodsProps } from './schema';
import {
  beijingDate,
  cashierOrder,
  ORDER_STATUS_TEXT,
  goodsOf,
  membershipEnd,
  ordersOf,
  yuan,
} from './vip-data';
import './vip-goods.css';

const HEIGHT = 260;

/**
 * Which cashier call the app takes (spec §7 native bridge: pay and payV2), or null when it has
 * none (a plain browser, an app too old): then spec §8 asks the user to upgrade.
 */
export function payVersionOf(
  bridge: Pick<NativeBridge, 'supports'>,
  env: Pick<Environment, 'host' | 'appVersion'>,
  from: VipGoodsProps['payV2From'],
): 'v1' | 'v2' | null {
  const v1 = bridge.supports('pay');
  const v2 = bridge.supports('payV2');
  if (!v1 && !v2) return null;
  if (!v1) return 'v2';
  if (!v2) return 'v1';
  const min =
    env.host === 'finance' || env.host === 'wallet' || env.host === 'payments'
      ? from[env.host]
      : undefined;
  return min === undefined || meetsVersion(env.appVersion, min) ? 'v2' : 'v1';
}

export default function VipGoods({ props, emit }: WidgetComponentProps<VipGoodsProps>) {
  const page = usePage();
  const { api, auth, bridge, clock, env, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const goodsQuery = useApi('videoVip.goodsList', params);
  const memberQuery = useApi(
    loggedIn && props.showMembership ? 'videoVip.membership' : null,
    params,
  );
  const ordersQuery = useApi(loggedIn && props.showOrders ? 'videoVip.payFlow' : null, params);
  const { lock, busyKey } = useLock();
  const [announcement, setAnnouncement] = useState('');
  const accent = accentText(props.accentColor);

  const goods = useMemo(() => {
    const all = goodsOf(goodsQuery.data?.result);
    if (!props.goodsIds) return all;
    return props.goodsIds.flatMap((id) => all.filter((g) => g.goodsId === id));
  }, [goodsQuery.data, props.goodsIds]);

  const announce = (text: string) => {
    setAnnouncement(text);
    ui.toast({ text });
  };
  const wait = (ms: number) => new Promise<void>((resolve) => void clock.setTimeout(resolve, ms));

  /** Queries the order until it is paid or closed (the server completes it on the cashier's result). */
  const settle = async (orderNo: string): Promise<string> => {
    for (let i = 0; i < props.pollCount; i += 1) {
      try {
        const status = (await api.call('videoVip.query', { orderNo })).result?.status;
        if (status === 'paid' || status === 'closed') return status;
      } catch {
        // A failed query is not a result: ask again.
      }
      if (i < props.pollCount - 1) await wait(props.pollIntervalMs);
    }
    return 'pending';
  };

  const buy = (goodsId: string) =>
    lock(goodsId, async () => {
      if (!auth.isLoggedIn()) {
        await page.run([{ type: 'login' }]);
        return;
      }
      const version = payVersionOf(bridge, env, props.payV2From);
      if (version === null) {
        // spec §8: native cashier payment unavailable → ask to upgrade; no order is opened.
        announce(props.upgradeText);
        return;
      }
      let orderNo = '';
      try {
        const call = version === 'v2' ? 'videoVip.payV2' : 'videoVip.pay';
        const order = (await api.call(call, { activityCode, goodsId })).result;
        orderNo = order?.orderNo ?? '';
        const paid = await bridge.pay(cashierOrder(order), version);
        if (paid.code === NOT_IN_CLIENT_CODE) {
          announce(props.upgradeText);
          return;
        }
        if (paid.code !== 0) {
          announce(props.cancelledText);
          void emit('failed', { goodsId, orderNo, reason: 'cancelled' });
          return;
        }
        const status = await settle(orderNo);
        if (status === 'paid') {
          announce(props.paidText);
          void emit('paid', { goodsId, orderNo });
        } else {
          announce(status === 'closed' ? props.closedText : props.pendingText);
          void emit('failed', { goodsId, orderNo, reason: status });
        }
      } catch (error) {
        announce(errorText(error, '下单失败，请稍后再试'));
        void emit('failed', { goodsId, orderNo, reason: 'error' });
      } finally {
        if (orderNo) await Promise.all([memberQuery.mutate(), ordersQuery.mutate()]);
      }
    });

  const title = props.title ? <h2 className="w-vip-goods__title">{props.title}</h2> : null;
  if (goodsQuery.error) {
    return (
      <section className="w-vip-goods">
        {title}
        <ErrorState
          text={errorText(goodsQuery.error, props.errorText)}
          onRetry={() => void goodsQuery.mutate()}
          minHeight={HEIGHT / 2}
        />
      </section>
    );
  }
  if (!goodsQuery.data) return <Skeleton height={HEIGHT} />;

  const memberEnd = membershipEnd(memberQuery.data?.result);
  const orders = ordersOf(ordersQuery.data?.result);
  return (
    <section className="w-vip-goods" aria-label={props.title || undefined}>
      {title}
      {props.showMembership ? (
        <p className="w-vip-goods__membership" role="status">
          {!loggedIn ? (
            <>
              {props.loginText}{' '}
              <button
                type="button"
                className="w-vip-goods__link"
                onClick={() => void page.run([{ type: 'login' }])}
              >
                {props.loginButtonText}
              </button>
            </>
          ) : memberQuery.error ? (
            '会员信息加载失败'
          ) : !memberQuery.data ? (
            '会员信息加载中'
          ) : memberEnd !== null ? (
            `${props.membershipLabel}${beijingDate(memberEnd)}`
          ) : (
            props.noMembershipText
          )}
        </p>
      ) : null}
      {goods.length === 0 ? (
        <Notice>{props.emptyText}</Notice>
      ) : (
        <ul className="w-vip-goods__list">
          {goods.map((g) => (
            <li key={g.goodsId} className="w-vip-goods__item">
              {g.image && isSafeUrl(g.image) ? (
                <img className="w-vip-goods__image" src={g.image} alt="" width={56} height={56} />
              ) : null}
              <div className="w-vip-goods__info">
                <h3 className="w-vip-goods__name">{g.name}</h3>
                {g.days > 0 ? <p className="w-vip-goods__days">{g.days}天会员</p> : null}
                <p className="w-vip-goods__price" style={accent}>
                  <span aria-hidden="true">¥</span>
                  <strong>{yuan(g.priceCents)}</strong>
                  <span className="w-kit-sr">元</span>
                  {g.originalPriceCents > g.priceCents ? (
                    <del className="w-vip-goods__original">
                      <span className="w-kit-sr">原价</span>¥{yuan(g.originalPriceCents)}
                    </del>
                  ) : null}
                </p>
              </div>
              <button
                type="button"
                className="w-vip-goods__buy"
                disabled={busyKey !== null}
                aria-busy={busyKey === g.goodsId}
                aria-label={`${props.buyText}：${g.name}`}
                onClick={() => void buy(g.goodsId)}
                style={props.accentColor ? { background: props.accentColor } : undefined}
              >
                {props.buyText}
              </button>
            </li>
          ))}
        </ul>
      )}
      {props.showOrders && loggedIn ? (
        <div className="w-vip-goods__orders">
          <h3 className="w-vip-goods__orders-title">{props.ordersTitle}</h3>
          {ordersQuery.error ? (
            <ErrorState
              text={errorText(ordersQuery.error, '订单加载失败')}
              onRetry={() => void ordersQuery.mutate()}
            />
          ) : !ordersQuery.data ? (
            <Skeleton height={80} />
          ) : orders.length === 0 ? (
            <Notice>{props.noOrdersText}</Notice>
          ) : (
            <ul className="w-vip-goods__order-list">
              {orders.map((o) => (
                <li key={o.orderNo} className="w-vip-goods__order" data-status={o.status}>
                  <span className="w-vip-goods__order-name">{o.goodsName}</span>
                  <span>¥{yuan(o.amount)}</span>
                  <span className="w-vip-goods__order-status">
                    {ORDER_STATUS_TEXT[o.status] ?? o.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      <LiveRegion message={announcement} />
    </section>
  );
}
