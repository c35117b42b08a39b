import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { linkActions } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { cardDigits, formatCardNumber, isCardNumber } from './card-number';
import type { BankCardProps } from './schema';
import './bank-card.css';

export default function BankCard({ props, emit }: WidgetComponentProps<BankCardProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const query = useApi(loggedIn ? 'bankCard.list' : null, {});
  const cards = query.data?.result?.list ?? [];
  const { lock, busy } = useLock();
  const [bank, setBank] = useState(props.banks[0] ?? '');
  const [digits, setDigits] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const ids = { bank: useId(), number: useId(), agree: useId(), message: useId() };

  const say = (ok: boolean, text: string) => {
    setMessage({ ok, text });
    ui.toast({ text, variant: 'short' });
  };

  const openBinding = () =>
    lock('entry', async () => {
      try {
        const url = (await api.call('configActivity.bindCardUrl', {})).result?.url;
        const actions = linkActions(url);
        if (actions.length === 0) throw new Error('no binding address');
        await page.run(actions);
      } catch (error) {
        say(false, errorText(error, props.errorText));
      }
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lock('bind', async () => {
      if (!isCardNumber(digits)) return say(false, props.invalidText);
      if (!agreed) return say(false, props.agreementRequiredText);
      try {
        const bound = await api.call('bankCard.bind', { bankName: bank, cardNumber: digits });
        const already = bound.result?.alreadyBound === true;
        say(true, already ? props.alreadyText : props.successText);
        setDigits('');
        void emit('bound', { bankName: bank, last4: digits.slice(-4), alreadyBound: already });
      } catch (error) {
        const name = (error as { error?: unknown } | null)?.error;
        say(false, name === 'LIMIT_REACHED' ? props.limitText : errorText(error, props.errorText));
      }
      await query.mutate();
    });
  };

  const title = props.title ? <h2 className="w-bank-card__title">{props.title}</h2> : null;
  if (!loggedIn) {
    return (
      <div className="w-bank-card">
        {title}
        <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={96} />
      </div>
    );
  }

  let list;
  if (query.error && !query.data) {
    list = (
      <ErrorState
        text={errorText(query.error, props.loadErrorText)}
        onRetry={() => void query.mutate()}
      />
    );
  } else if (!query.data) {
    list = <Skeleton height={72} />;
  } else if (cards.length === 0) {
    list = <Notice>{props.emptyText}</Notice>;
  } else {
    list = (
      <ul className="w-bank-card__list">
        {cards.map((card) => (
          <li key={card.cardId} className="w-bank-card__card">
            <span>{card.bankName}</span>
            <span>{`尾号${card.last4}`}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="w-bank-card">
      {title}
      {list}
      {props.mode === 'entry' ? (
        <button
          type="button"
          className="w-bank-card__submit"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void openBinding()}
        >
          {props.entryText}
        </button>
      ) : (
        <form
          className="w-bank-card__form"
          onSubmit={submit}
          noValidate
          aria-describedby={message ? ids.message : undefined}
        >
          <label htmlFor={ids.bank}>开户银行</label>
          <select id={ids.bank} value={bank} onChange={(e) => setBank(e.target.value)}>
            {props.banks.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <label htmlFor={ids.number}>银行卡号</label>
          <input
            id={ids.number}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="请输入本人银行卡号"
            value={formatCardNumber(digits)}
            onChange={(e) => setDigits(cardDigits(e.target.value))}
            aria-invalid={message !== null && !message.ok && digits !== '' && !isCardNumber(digits)}
          />
          <label className="w-bank-card__agree" htmlFor={ids.agree}>
            <input
              id={ids.agree}
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            />
            {props.agreementText}
          </label>
          <button type="submit" className="w-bank-card__submit" disabled={busy} aria-busy={busy}>
            {props.submitText}
          </button>
        </form>
      )}
      <p
        id={ids.message}
        role="status"
        aria-live="polite"
        className={`w-bank-card__message w-bank-card__message--${message?.ok ? 'ok' : 'error'}`}
      >
        {message?.text ?? ''}
      </p>
    </div>
  );
}
