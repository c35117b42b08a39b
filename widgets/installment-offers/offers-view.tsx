import { useId, useMemo, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import {
  estimateSubsidy,
  productsOf,
  creditOf,
  reachedLimit,
  yuan,
  type Product,
  type UserCredit,
} from './installment-data';
import type { InstallmentOffersProps } from './schema';

const CARD_HEIGHT = 300;
/** Every call whose answer a credit record or a reminder changes. */
export const INSTALLMENT_CALLS = [
  'installment.getProductInfos',
  'installment.getUserInfo',
  'installment.reachLimit',
  'installment.getSavedHistory',
] as const;

interface ViewProps {
  props: InstallmentOffersProps;
  activityCode: string;
  emit: WidgetComponentProps<InstallmentOffersProps>['emit'];
}

export function OffersView({ props, activityCode, emit }: ViewProps) {
  const { auth } = useServices();
  const loggedIn = auth.isLoggedIn();
  const params = { activityCode };
  const list = useApi('installment.getProductInfos', params);
  const user = useApi(loggedIn ? 'installment.getUserInfo' : null, params);
  const limit = useApi(loggedIn ? 'installment.reachLimit' : null, params);
  const [announcement, setAnnouncement] = useState('');

  const products = useMemo(() => {
    const all = productsOf(list.data?.result);
    if (!props.productIds) return all;
    const byId = new Map(all.map((p) => [p.productId, p]));
    return props.productIds.flatMap((id) => byId.get(id) ?? []);
  }, [list.data, props.productIds]);
  const credit = creditOf(user.data?.result);
  // Offers without any subsidy (a plain loan page) say nothing about subsidies or their cap.
  const subsidised = products.some((p) => p.subsidyBps > 0);

  if (list.error) {
    return (
      <ErrorState
        text={errorText(list.error, props.errorText)}
        onRetry={() => void list.mutate()}
        minHeight={CARD_HEIGHT}
      />
    );
  }
  if (!list.data) return <Skeleton height={CARD_HEIGHT} />;
  if (products.length === 0) return <Notice minHeight={120}>{props.noProductsText}</Notice>;
  return (
    <>
      {loggedIn ? (
        <CreditSummary
          credit={credit}
          subsidised={subsidised}
          error={user.error as unknown}
          retry={() => user.mutate()}
        />
      ) : null}
      {subsidised && reachedLimit(limit.data?.result) ? (
        <p className="w-inst__notice" role="note">
          {props.reachLimitText}
        </p>
      ) : null}
      <ul className="w-inst__products">
        {products.map((product) => (
          <ProductCard
            key={product.productId}
            product={product}
            credit={credit}
            props={props}
            activityCode={activityCode}
            emit={emit}
            announce={setAnnouncement}
          />
        ))}
      </ul>
      <LiveRegion message={announcement} />
    </>
  );
}

function CreditSummary({
  credit,
  subsidised,
  error,
  retry,
}: {
  credit: UserCredit | null;
  subsidised: boolean;
  error: unknown;
  retry: () => void;
}) {
  if (error) return <ErrorState text={errorText(error, '额度加载失败')} onRetry={retry} />;
  if (!credit) return <Skeleton height={64} />;
  return (
    <dl className="w-inst__summary">
      <div>
        <dt>可用额度（元）</dt>
        <dd>{yuan(credit.creditAvailable)}</dd>
      </div>
      {subsidised ? (
        <div>
          <dt>已得补贴（元）</dt>
          <dd>
            {yuan(credit.subsidyEarned)}
            <small> / {yuan(credit.subsidyCap)}</small>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function ProductCard({
  product,
  credit,
  props,
  activityCode,
  emit,
  announce,
}: {
  product: Product;
  credit: UserCredit | null;
  props: InstallmentOffersProps;
  activityCode: string;
  emit: ViewProps['emit'];
  announce: (text: string) => void;
}) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const revalidate = useRevalidate();
  const { lock, busyKey } = useLock();
  const id = useId();
  const [term, setTerm] = useState(product.terms[product.terms.length - 1] ?? 12);
  const [amountText, setAmountText] = useState(String(product.minCents / 100));
  const amountCents = Math.round(Number(amountText) * 100);
  const valid =
    Number.isFinite(amountCents) &&
    amountCents >= product.minCents &&
    (product.maxCents <= 0 || amountCents <= product.maxCents);
  const subsidy = valid ? estimateSubsidy(amountCents, product, credit) : 0;
  const range = `${yuan(product.minCents)} – ${yuan(product.maxCents)}元`;

  const needLogin = () => {
    if (auth.isLoggedIn()) return false;
    void page.run([{ type: 'login' }]);
    return true;
  };

  const remind = () =>
    lock('remind', async () => {
      if (needLogin()) return;
      try {
        await api.call('installment.addRemind', { activityCode, productId: product.productId });
        announce(`${props.remindToast}：${product.name}`);
        ui.toast({ text: props.remindToast, variant: 'short' });
        void emit('remind', { productId: product.productId });
      } catch (error) {
        const text = errorText(error, '提醒设置失败，请稍后再试');
        announce(text);
        ui.toast({ text });
      }
      await revalidate(INSTALLMENT_CALLS);
    });

  const apply = () =>
    lock('apply', async () => {
      if (needLogin() || !valid) return;
      try {
        const res = await api.call('installment.addCreditRecord', {
          activityCode,
          productId: product.productId,
          amount: amountCents,
          term,
        });
        announce(`${props.appliedToast}：${product.name} ${yuan(amountCents)}元${term}期`);
        ui.toast({ text: props.appliedToast, variant: 'short' });
        void emit('apply', { ...res.result });
      } catch (error) {
        const text = errorText(error, '申请失败，请稍后再试');
        announce(text);
        ui.toast({ text });
      }
      await revalidate(INSTALLMENT_CALLS);
    });

  return (
    <li className="w-inst__product">
      <h3 className="w-inst__name">{product.name}</h3>
      {product.desc ? <p className="w-inst__desc">{product.desc}</p> : null}
      <p className="w-inst__meta">
        额度{range}
        {product.subsidyBps > 0 ? ` · 补贴${product.subsidyBps / 100}%` : ''}
      </p>
      <fieldset className="w-inst__terms">
        <legend>分期期数</legend>
        {product.terms.map((t) => (
          <label key={t} className="w-inst__term" data-checked={t === term}>
            <input
              type="radio"
              name={`${id}-term`}
              value={t}
              checked={t === term}
              onChange={() => setTerm(t)}
            />
            {t}期
          </label>
        ))}
      </fieldset>
      <label className="w-inst__amount">
        <span>申请金额（元）</span>
        <input
          type="number"
          inputMode="decimal"
          min={product.minCents / 100}
          max={product.maxCents > 0 ? product.maxCents / 100 : undefined}
          step="0.01"
          value={amountText}
          aria-invalid={!valid}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setAmountText(e.target.value)}
        />
      </label>
      <p id={`${id}-hint`} className="w-inst__hint" role={valid ? undefined : 'alert'}>
        {valid
          ? `每期约${yuan(Math.ceil(amountCents / term))}元${
              product.subsidyBps > 0 ? ` · 预计补贴${yuan(subsidy)}元` : ''
            }`
          : `请输入${range}之间的金额`}
      </p>
      <div className="w-inst__actions">
        <button
          type="button"
          className="w-inst__button w-inst__button--ghost"
          disabled={product.reminded || busyKey !== null}
          aria-busy={busyKey === 'remind'}
          onClick={() => void remind()}
        >
          {product.reminded ? props.remindedText : props.remindText}
        </button>
        <button
          type="button"
          className="w-inst__button"
          disabled={!valid || busyKey !== null}
          aria-busy={busyKey === 'apply'}
          onClick={() => void apply()}
        >
          {props.applyText}
        </button>
      </div>
    </li>
  );
}
