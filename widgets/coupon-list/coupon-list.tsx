import { useMemo, useState } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, activityPhase, linkActions } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import {
  couponCountsOf,
  couponsOf,
  couponUrlsOf,
  type Coupon,
} from '../_campaign-kit/loose/lenient';
import { dataStates, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { claimState, yuan } from './coupons';
import { COUPON_CALLS } from './calls';
import type { CouponListProps } from './schema';
import './coupon-list.css';

const ROW_HEIGHT = 96;

export default function CouponList({ props, emit }: WidgetComponentProps<CouponListProps>) {
  const page = usePage();
  const { api, auth, clock, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const list = useApi('generalActivityCoupon.getByConfigId2C', params);
  const [claimCall, heldCall] = COUPON_CALLS[props.calls];
  const userData = useApi(loggedIn ? heldCall : null, params);
  const urlMap = useApi(loggedIn ? 'generalActivityCoupon.getBynCouponUrlMap' : null, params);
  const { lock, busyKey } = useLock();
  const [announcement, setAnnouncement] = useState('');

  const coupons = useMemo(() => {
    const all = couponsOf(list.data);
    if (!props.couponIds) return all;
    const byId = new Map(all.map((coupon) => [coupon.couponId, coupon]));
    return props.couponIds.flatMap((id) => byId.get(id) ?? []);
  }, [list.data, props.couponIds]);
  const counts = useMemo(() => couponCountsOf(userData.data), [userData.data]);
  const urls = useMemo(() => couponUrlsOf(urlMap.data), [urlMap.data]);
  const now = clock.now();
  const phase = activityPhase(page, activityCode, now);
  const accent = accentText(props.accentColor);
  const skeletonHeight = ROW_HEIGHT * Math.max(props.couponIds?.length ?? 2, 1);

  const claim = (coupon: Coupon) =>
    lock(coupon.couponId, async () => {
      try {
        await api.call(claimCall, {
          activityCode,
          couponId: coupon.couponId,
        });
        setAnnouncement(`${props.claimedToast}：${coupon.name}`);
        ui.toast({ text: props.claimedToast, variant: 'short' });
        void emit('claim', { couponId: coupon.couponId });
      } catch (error) {
        const text = errorText(error, '领取失败，请稍后再试');
        setAnnouncement(text);
        ui.toast({ text });
      }
      // The server decides what the visitor holds and what is left: read both again.
      await Promise.all([userData.mutate(), list.mutate(), urlMap.mutate()]);
    });

  const use = (coupon: Coupon) => {
    const actions = linkActions(urls.get(coupon.couponId) ?? coupon.useUrl);
    if (actions.length === 0) {
      ui.toast({ text: '暂无使用链接', variant: 'short' });
      return;
    }
    void page.run(actions);
  };

  // Logged out, the coupons still show: the login prompt sits below them.
  const state = dataStates({
    call: list,
    errorText: props.errorText,
    errorMinHeight: skeletonHeight,
    loading: <Skeleton height={skeletonHeight} />,
  });
  let body;
  if (state !== null) body = state;
  else if (coupons.length === 0) {
    body = <Notice minHeight={ROW_HEIGHT}>{props.emptyText}</Notice>;
  } else {
    body = (
      <ul className="w-coupon-list__list">
        {coupons.map((coupon) => {
          const claimed = counts.get(coupon.couponId) ?? coupon.claimed;
          const own = claimState(coupon, claimed, now);
          // The activity's phase wins over the coupon's, except that a full hand stays 'limit'.
          const state = phase === 'live' || own === 'limit' ? own : phase;
          const canClaim = state === 'claimable' || state === 'claimed';
          const label = {
            claimable: props.claimText,
            claimed: props.claimAgainText,
            limit: props.limitText,
            soldOut: props.soldOutText,
            notStarted: props.notStartedText,
            ended: props.endedText,
          }[state];
          return (
            <li key={coupon.couponId} className="w-coupon-list__item" data-state={state}>
              <div className="w-coupon-list__amount" style={accent}>
                <strong>{yuan(coupon.amountCents)}</strong>
                <span>{props.amountUnit}</span>
              </div>
              <div className="w-coupon-list__info">
                <h3 className="w-coupon-list__name">{coupon.name}</h3>
                {coupon.desc ? <p className="w-coupon-list__desc">{coupon.desc}</p> : null}
                {loggedIn ? (
                  <p className="w-coupon-list__count">
                    已领{claimed}/{coupon.perUserLimit}
                  </p>
                ) : null}
              </div>
              <div className="w-coupon-list__actions">
                <button
                  type="button"
                  className="w-coupon-list__button"
                  disabled={!canClaim || busyKey !== null || !loggedIn}
                  aria-busy={busyKey === coupon.couponId}
                  aria-label={`${label}：${coupon.name}`}
                  onClick={() => void claim(coupon)}
                  style={
                    canClaim && props.accentColor ? { background: props.accentColor } : undefined
                  }
                >
                  {label}
                </button>
                {claimed > 0 ? (
                  <button
                    type="button"
                    className="w-coupon-list__use"
                    onClick={() => use(coupon)}
                    style={accent}
                  >
                    {props.useText}
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="w-coupon-list">
      {props.title ? <h2 className="w-coupon-list__title">{props.title}</h2> : null}
      {!loggedIn && list.data && coupons.length > 0 ? (
        <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />
      ) : null}
      {body}
      <LiveRegion message={announcement} />
    </div>
  );
}
