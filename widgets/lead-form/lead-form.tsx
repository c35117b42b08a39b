import { useId, useRef, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../src/engine/data/use-api';
import { useFormDraft } from '../../src/engine/data/use-form-draft';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { answerPayload } from '../_campaign-kit/loose/configured';
import { leadDraftOf } from '../_campaign-kit/loose/drafts';
import { LiveRegion, LoginPrompt } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import type { LeadFormField, LeadFormProps } from './schema';
import {
  normalizeValue,
  validateField,
  validateLead,
  type LeadErrors,
  type LeadValues,
} from './validate';
import './lead-form.css';

/** What is kept in the tab between a failed submit and a reload. */
interface Draft {
  values: LeadValues;
  /** Phone fields where the visitor chose to type another number than the account's. */
  typed: string[];
}

const EMPTY: Draft = { values: {}, typed: [] };

export default function LeadForm({ props, nodeId, emit }: WidgetComponentProps<LeadFormProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const { mutate } = useSWRConfig();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const wantsAccountPhone = props.fields.some((f) => f.kind === 'phone' && f.accountPhone);
  const phone = useApi(loggedIn && wantsAccountPhone ? 'user.getUserPhone' : null, {});
  // The masked account phone (`138****8000`).
  const accountPhone = phone.data?.result?.phone ?? '';
  // null until the visitor types: until then the form shows what this tab kept (a failed submit,
  // a reload). Read while rendering only for a logged-in visitor: never in the prerender.
  const [edited, setEdited] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [failure, setFailure] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const { lock, busy } = useLock();
  const id = useId();
  const inputs = useRef<Record<string, HTMLElement | null>>({});
  const draft = useFormDraft(`lead-form:${page.document.route}:${nodeId}`, {
    enabled: loggedIn && props.keepInput,
    parse: leadDraftOf,
  });
  const { values, typed } = edited ?? draft.restored ?? EMPTY;
  // After switching between the account phone and typing one, the new control takes the focus.
  const pendingFocus = useRef<string | null>(null);
  const bind = (name: string) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
    if (element && pendingFocus.current === name) {
      pendingFocus.current = null;
      element.focus();
    }
  };

  const save = (next: Draft) => {
    setEdited(next);
    draft.save(next);
  };

  if (!loggedIn)
    return (
      <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={120} />
    );

  const keepsAccountPhone = (field: LeadFormField) =>
    field.kind === 'phone' &&
    field.accountPhone &&
    accountPhone !== '' &&
    !typed.includes(field.name);

  const set = (field: LeadFormField, next: string) => {
    save({ values: { ...values, [field.name]: next }, typed });
    if (errors[field.name]) setErrors((current) => ({ ...current, [field.name]: undefined }));
  };

  const choosePhone = (field: LeadFormField, own: boolean) => {
    const nextTyped = own ? typed.filter((n) => n !== field.name) : [...typed, field.name];
    pendingFocus.current = field.name;
    save({ values, typed: nextTyped });
    setErrors((current) => ({ ...current, [field.name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLead(props.fields, values, keepsAccountPhone);
    setErrors(found);
    const first = props.fields.find((field) => found[field.name]);
    if (first) {
      inputs.current[first.name]?.focus();
      setAnnouncement(found[first.name] ?? '');
      return;
    }
    void lock('submit', async () => {
      const sent: Record<string, unknown> = { ...props.params, activityCode };
      for (const field of props.fields) {
        if (keepsAccountPhone(field)) sent[props.accountPhoneParam] = true;
        else sent[field.name] = normalizeValue(field, values[field.name] ?? '');
      }
      setFailure('');
      try {
        const response = await api.call(props.submitCall, sent);
        draft.clear();
        setEdited(EMPTY);
        setAnnouncement(props.successText);
        ui.toast({ text: props.successText, variant: 'short' });
        // The page's data sources (src/engine/page/use-page-data.ts keys them 'page-data') and
        // the named calls are read again: what the page shows follows what was just saved.
        void mutate(
          (key) =>
            Array.isArray(key) &&
            (key[0] === 'page-data' ||
              (key[0] === 'api' && props.refresh.includes(String(key[1])))),
        );
        void emit('submitted', { result: answerPayload(response) });
      } catch (error) {
        const text = errorText(error, props.failureText);
        setFailure(text);
        setAnnouncement(text);
      }
    });
  };

  const describedBy = (field: LeadFormField) =>
    errors[field.name] ? `${id}-${field.name}-error` : undefined;

  const control = (field: LeadFormField) => {
    const common = {
      id: `${id}-${field.name}`,
      ref: bind(field.name),
      'aria-invalid': errors[field.name] ? true : undefined,
      'aria-describedby': describedBy(field),
      'aria-required': field.required || undefined,
      disabled: busy,
    } as const;
    const value = values[field.name] ?? '';
    if (field.kind === 'select')
      return (
        <select
          {...common}
          className="w-lead-form__input"
          value={value}
          onChange={(e) => set(field, e.currentTarget.value)}
        >
          <option value="">{field.placeholder ?? `请选择${field.label}`}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    if (field.kind === 'textarea')
      return (
        <textarea
          {...common}
          className="w-lead-form__input w-lead-form__input--area"
          value={value}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          rows={3}
          onChange={(e) => set(field, e.currentTarget.value)}
        />
      );
    return (
      <input
        {...common}
        className="w-lead-form__input"
        value={value}
        placeholder={field.placeholder ?? (field.kind === 'phone' ? '请输入11位手机号' : undefined)}
        maxLength={field.kind === 'phone' ? 13 : field.maxLength}
        onChange={(e) => set(field, e.currentTarget.value)}
        onBlur={() => {
          // A finished field says at once what is wrong with it (not while typing).
          if (value === '') return;
          const error = validateField(field, value);
          if (error) setErrors((current) => ({ ...current, [field.name]: error }));
        }}
        {...(field.kind === 'phone'
          ? { type: 'tel', inputMode: 'numeric' as const, autoComplete: 'tel-national' }
          : { type: 'text' })}
      />
    );
  };

  const phoneChoice = (field: LeadFormField) => {
    if (!field.accountPhone || accountPhone === '') return null;
    const own = keepsAccountPhone(field);
    return (
      <button
        type="button"
        className="w-lead-form__switch"
        disabled={busy}
        onClick={() => choosePhone(field, !own)}
        ref={own ? bind(field.name) : undefined}
      >
        {own ? '使用其他手机号' : `使用本机号码${accountPhone}`}
      </button>
    );
  };

  return (
    <form className="w-lead-form" onSubmit={submit} noValidate aria-busy={busy}>
      {props.title ? <h2 className="w-lead-form__title">{props.title}</h2> : null}
      {props.description ? <p className="w-lead-form__desc">{props.description}</p> : null}
      {props.fields.map((field) => (
        <div className="w-lead-form__field" key={field.name}>
          <label className="w-lead-form__label" htmlFor={`${id}-${field.name}`}>
            {field.label}
            {field.required ? null : <span className="w-lead-form__optional">（选填）</span>}
          </label>
          {keepsAccountPhone(field) ? (
            <input
              id={`${id}-${field.name}`}
              className="w-lead-form__account"
              value={accountPhone}
              readOnly
              aria-describedby={`${id}-${field.name}-hint`}
            />
          ) : (
            control(field)
          )}
          {keepsAccountPhone(field) ? (
            <p id={`${id}-${field.name}-hint`} className="w-lead-form__hint">
              本机登录手机号
            </p>
          ) : null}
          {field.kind === 'phone' ? phoneChoice(field) : null}
          {errors[field.name] ? (
            <p id={`${id}-${field.name}-error`} className="w-lead-form__error">
              {errors[field.name]}
            </p>
          ) : null}
        </div>
      ))}
      {failure ? (
        <p className="w-lead-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        className="w-lead-form__submit"
        disabled={busy}
        aria-busy={busy}
        style={props.accentColor ? { background: props.accentColor } : undefined}
      >
        {busy ? '提交中…' : failure ? props.retryText : props.submitText}
      </button>
      <LiveRegion message={announcement} />
    </form>
  );
}
