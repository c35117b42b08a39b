import { useId, useMemo, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, activityPhase } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { bestOf, fill, yuan, type Offer, type Phone, type Plan } from './offer-data';
import type { ContractOffersProps } from './schema';
import './contract-offers.css';

const HEIGHT = 360;

export default function ContractOffers({ props, emit }: WidgetComponentProps<ContractOffersProps>) {
  const page = usePage();
  const { api, auth, clock, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const phase = activityPhase(page, activityCode, clock.now());
  const offers = useApi('contractPhone.offers', { activityCode });
  const { lock, busyKey } = useLock();
  const [openPhone, setOpenPhone] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  const [message, setMessage] = useState('');
  const offer = offers.data?.result;
  const plans = useMemo(() => new Map((offer?.plans ?? []).map((p) => [p.planId, p])), [offer]);

  const apply = (phone: Phone, planId: string) =>
    lock(phone.phoneId, async () => {
      if (!loggedIn) {
        void page.run([{ type: 'login' }]);
        return;
      }
      try {
        const res = await api.call('contractPhone.apply', {
          activityCode,
          phoneId: phone.phoneId,
          planId,
        });
        setMessage(props.appliedToast);
        ui.toast({ text: props.appliedToast });
        void emit('applied', {
          phoneId: phone.phoneId,
          planId,
          firstTime: res.result?.firstTime === true,
        });
      } catch (error) {
        const text = errorText(error, props.failText);
        setMessage(text);
        ui.toast({ text });
      }
      await offers.mutate();
    });

  const heading = props.title ? <h2 className="w-contract__title">{props.title}</h2> : null;
  if (offers.error && !offer) {
    return (
      <section className="w-contract">
        {heading}
        <ErrorState
          text={errorText(offers.error, props.errorText)}
          onRetry={() => void offers.mutate()}
          minHeight={HEIGHT}
        />
      </section>
    );
  }
  if (!offer) return <Skeleton height={HEIGHT} />;
  if (offer.phones.length === 0) {
    return (
      <section className="w-contract">
        {heading}
        <Notice minHeight={120}>{props.emptyText}</Notice>
      </section>
    );
  }

  const mine = offer.myApplication;
  const closed =
    phase === 'notStarted' ? props.notStartedText : phase === 'ended' ? props.endedText : '';

  return (
    <section className="w-contract">
      {heading}
      {mine ? (
        <p className="w-contract__applied" role="note">
          {fill(props.appliedTemplate, {
            phone: mine.phoneName,
            plan: mine.planName,
            price: yuan(mine.contractPriceCents),
            subsidy: yuan(mine.totalSubsidyCents),
          })}
        </p>
      ) : null}
      <ul className="w-contract__phones">
        {offer.phones.map((phone) => {
          const planId = chosen[phone.phoneId] ?? phone.quotes[0]?.planId ?? '';
          const isMine = mine?.phoneId === phone.phoneId;
          const label =
            closed ||
            (isMine ? props.appliedText : mine ? props.otherAppliedText : props.applyText);
          return (
            <PhoneCard
              key={phone.phoneId}
              phone={phone}
              plans={plans}
              props={props}
              open={openPhone === phone.phoneId}
              onToggle={() => setOpenPhone(openPhone === phone.phoneId ? null : phone.phoneId)}
              planId={planId}
              onChoose={(id) => setChosen({ ...chosen, [phone.phoneId]: id })}
              applyLabel={label}
              canApply={closed === '' && !mine && planId !== '' && busyKey === null}
              busy={busyKey === phone.phoneId}
              onApply={() => void apply(phone, planId)}
            />
          );
        })}
      </ul>
      {props.plansTitle && offer.plans.length > 0 ? (
        <PlanList title={props.plansTitle} plans={offer.plans} />
      ) : null}
      <LiveRegion message={message} />
    </section>
  );
}

interface CardProps {
  phone: Phone;
  plans: ReadonlyMap<string, Plan>;
  props: ContractOffersProps;
  open: boolean;
  onToggle: () => void;
  planId: string;
  onChoose: (planId: string) => void;
  applyLabel: string;
  canApply: boolean;
  busy: boolean;
  onApply: () => void;
}

function PhoneCard(card: CardProps) {
  const { phone, props } = card;
  const detailsId = useId();
  const { lowest, most } = bestOf(phone);
  return (
    <li className="w-contract__phone" aria-label={phone.name}>
      <div className="w-contract__summary">
        {phone.image && isSafeUrl(phone.image) ? (
          <img className="w-contract__image" src={phone.image} alt="" width={88} height={88} />
        ) : null}
        <div className="w-contract__info">
          <h3 className="w-contract__name">
            {phone.name}
            {phone.tag ? <span className="w-contract__tag">{phone.tag}</span> : null}
          </h3>
          {phone.spec ? <p className="w-contract__spec">{phone.spec}</p> : null}
          <p className="w-contract__price">
            合约价低至<strong>¥{yuan(lowest)}</strong>
            <s>¥{yuan(phone.priceCents)}</s>
          </p>
          {most > 0 ? <p className="w-contract__subsidy">最高补贴¥{yuan(most)}</p> : null}
        </div>
      </div>
      <div className="w-contract__actions">
        <button
          type="button"
          className="w-contract__details-button"
          aria-expanded={card.open}
          aria-controls={detailsId}
          onClick={card.onToggle}
        >
          {card.open ? props.hideDetailsText : props.detailsText}
        </button>
        <button
          type="button"
          className="w-contract__apply"
          disabled={!card.canApply}
          aria-busy={card.busy}
          onClick={card.onApply}
        >
          {card.applyLabel}
        </button>
      </div>
      <div id={detailsId} className="w-contract__details" hidden={!card.open}>
        {card.open ? <Details {...card} /> : null}
      </div>
    </li>
  );
}

/** A phone's highlights and its quote per plan, one of which the user picks to apply with. */
function Details({ phone, plans, planId, onChoose }: CardProps) {
  return (
    <>
      {phone.highlights.length > 0 ? (
        <ul className="w-contract__highlights">
          {phone.highlights.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <fieldset className="w-contract__quotes">
        <legend>选择套餐</legend>
        {phone.quotes.map((quote) => {
          const plan = plans.get(quote.planId);
          return (
            <label key={quote.planId} className="w-contract__quote">
              <input
                type="radio"
                name={`plan-${phone.phoneId}`}
                value={quote.planId}
                checked={planId === quote.planId}
                onChange={() => onChoose(quote.planId)}
              />
              <span className="w-contract__quote-text">
                <strong>{plan?.name ?? quote.planId}</strong>
                <span>
                  购机补贴¥{yuan(quote.phoneSubsidyCents)} · 话费补贴¥{yuan(quote.billSubsidyCents)}
                  {plan ? `（${plan.months}个月）` : ''}
                </span>
                <span>合约价¥{yuan(quote.contractPriceCents)}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
    </>
  );
}

function PlanList({ title, plans }: { title: string; plans: Offer['plans'] }) {
  return (
    <div className="w-contract__plans">
      <h3 className="w-contract__plans-title">{title}</h3>
      <ul>
        {plans.map((plan) => (
          <li key={plan.planId} className="w-contract__plan">
            <p className="w-contract__plan-name">
              <strong>{plan.name}</strong>
              <span>
                ¥{yuan(plan.monthlyFeeCents)}/月 · {plan.months}个月
              </span>
            </p>
            <p className="w-contract__plan-detail">
              {plan.desc ||
                [
                  plan.dataGb > 0 ? `${plan.dataGb}GB流量` : '',
                  plan.voiceMinutes > 0 ? `${plan.voiceMinutes}分钟通话` : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
            </p>
            <p className="w-contract__plan-subsidy">
              购机补贴¥{yuan(plan.phoneSubsidyCents)} · 话费每月返¥
              {yuan(plan.billSubsidyCentsPerMonth)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
