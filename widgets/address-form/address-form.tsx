import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../src/engine/data/use-api';
import { useFormDraft } from '../../src/engine/data/use-form-draft';
import { isPageData } from '../../src/engine/page/use-page-data';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { savedAddressOf } from '../_campaign-kit/loose/configured';
import { addressDraftOf } from '../_campaign-kit/loose/drafts';
import { ErrorState, LiveRegion, LoginPrompt, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import type { AddressFormProps } from './schema';
import {
  FIELD_ORDER,
  normalizeAddress,
  validateAddress,
  type Address,
  type AddressErrors,
} from './validate';
import './address-form.css';

const EMPTY: Address = { name: '', phone: '', region: '', detail: '' };

export default function AddressForm({
  props,
  nodeId,
  emit,
}: WidgetComponentProps<AddressFormProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const saved = useApi(loggedIn && props.loadCall ? props.loadCall : null, { activityCode });
  // null until the visitor types: until then the form shows what this tab kept (a failed save, a
  // reload; issue 19), else the saved address (loadCall).
  const [edited, setEdited] = useState<Address | null>(null);
  const draft = useFormDraft(`address-form:${page.document.route}:${nodeId}`, {
    enabled: loggedIn,
    parse: addressDraftOf,
  });
  const stored = useMemo(() => savedAddressOf(saved.data), [saved.data]);
  const value = edited ?? draft.restored ?? stored ?? EMPTY;
  const [errors, setErrors] = useState<AddressErrors>({});
  const [announcement, setAnnouncement] = useState('');
  const { lock, busy } = useLock();
  const revalidate = useRevalidate();
  const { mutate } = useSWRConfig();
  const id = useId();
  const inputs = useRef<Partial<Record<keyof Address, HTMLInputElement | null>>>({});

  if (!loggedIn)
    return (
      <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={120} />
    );
  if (props.loadCall && !saved.data && !saved.error && !draft.restored)
    return <Skeleton height={360} />;

  const set = (field: keyof Address) => (next: string) => {
    const nextValue = { ...value, [field]: next };
    setEdited(nextValue);
    draft.save(nextValue);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateAddress(value);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      setAnnouncement(found[first] ?? '');
      return;
    }
    void lock('save', async () => {
      try {
        const { detail, ...rest } = normalizeAddress(value);
        // server/src/routes/user-data.ts names the detail line `address`.
        await api.call(props.submitCall, {
          ...props.params,
          activityCode,
          ...rest,
          address: detail,
        });
        draft.clear();
        setAnnouncement(props.savedText);
        ui.toast({ text: props.savedText, variant: 'short' });
        // The saved address changes what prize pages show (physical prizes now ship, issue
        // 15): whatever they cached is read again, here or when they mount next.
        await Promise.all([saved.mutate(), revalidate(props.refreshCalls), mutate(isPageData)]);
        void emit('saved');
      } catch (error) {
        const text = errorText(error, '保存失败，请稍后再试');
        setAnnouncement(text);
        ui.toast({ text });
      }
    });
  };

  const field = (name: keyof Address, label: string, extra: Record<string, string> = {}) => {
    const error = errors[name];
    return (
      <div className="w-address-form__field">
        <label className="w-address-form__label" htmlFor={`${id}-${name}`}>
          {label}
        </label>
        <input
          ref={(element) => void (inputs.current[name] = element)}
          id={`${id}-${name}`}
          className="w-address-form__input"
          value={value[name]}
          onChange={(event) => set(name)(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          disabled={busy}
          {...extra}
        />
        {error ? (
          <p id={`${id}-${name}-error`} className="w-address-form__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="w-address-form" onSubmit={submit} noValidate aria-busy={busy}>
      {props.title ? <h2 className="w-address-form__title">{props.title}</h2> : null}
      {saved.error && !saved.data ? (
        // The saved address could not load: say so (the form stays usable), never an empty
        // form that reads like "no address yet".
        <ErrorState
          compact
          text={errorText(saved.error, '收货地址加载失败')}
          onRetry={() => void saved.mutate()}
        />
      ) : null}
      {field('name', '收货人', { autoComplete: 'name', maxLength: '20' })}
      {field('phone', '手机号', {
        type: 'tel',
        inputMode: 'numeric',
        autoComplete: 'tel-national',
        maxLength: '13',
      })}
      {field('region', '所在地区', {
        placeholder: props.regionPlaceholder,
        autoComplete: 'address-level1',
      })}
      {field('detail', '详细地址', {
        placeholder: props.detailPlaceholder,
        autoComplete: 'street-address',
        maxLength: '100',
      })}
      <button
        type="submit"
        className="w-address-form__submit"
        disabled={busy}
        aria-busy={busy}
        style={props.accentColor ? { background: props.accentColor } : undefined}
      >
        {busy ? '保存中…' : props.submitText}
      </button>
      <LiveRegion message={announcement} />
    </form>
  );
}
