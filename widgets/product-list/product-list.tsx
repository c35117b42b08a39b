import { useMemo, type ReactNode } from 'react';
import { accentText } from '../../src/ui/accent-text';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, linkActions } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { productsFromAnswer } from './products';
import type { ProductItem, ProductListProps } from './schema';
import './product-list.css';

const ITEM_HEIGHT = 96;

/** Products from the page and, when `call` is set, from a call (loading, error, login states). */
export default function ProductList({ props, emit }: WidgetComponentProps<ProductListProps>) {
  const page = usePage();
  const { auth } = useServices();
  const call = props.call;
  const blockedByLogin = call?.requiresLogin === true && !auth.isLoggedIn();
  const activityCode = activityCodeOf(page, undefined);
  const params = useMemo(() => {
    const given: Record<string, unknown> = { ...call?.params };
    if (given.activityCode === undefined && activityCode) given.activityCode = activityCode;
    return given;
  }, [call?.params, activityCode]);
  const query = useApi(call && !blockedByLogin ? call.name : null, params);
  const loaded = useMemo(() => productsFromAnswer(query.data), [query.data]);
  const accent = props.accentColor;

  const select = (item: ProductItem) => {
    const actions = item.link ? linkActions(item.link) : [];
    if (actions.length > 0) void page.run(actions);
    else void emit('select', { productId: item.id, name: item.name, kind: item.kind });
  };

  const renderItem = (item: ProductItem) => (
    <li key={item.id} className="w-product-list__item" data-kind={item.kind}>
      {item.image ? (
        <img
          className="w-product-list__image"
          src={item.image.src}
          alt={item.image.alt}
          width={item.image.width}
          height={item.image.height}
          loading="lazy"
        />
      ) : null}
      <div className="w-product-list__info">
        <h3 className="w-product-list__name">{item.name}</h3>
        {item.highlight ? (
          <p className="w-product-list__figure">
            <strong style={accentText(accent)}>{item.highlight}</strong>
            {item.highlightLabel ? <span>{item.highlightLabel}</span> : null}
          </p>
        ) : null}
        {item.rate ? <p className="w-product-list__rate">{item.rate}</p> : null}
        {item.tags.length > 0 ? (
          <ul className="w-product-list__tags" aria-label="产品特点">
            {item.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <button
        type="button"
        className="w-product-list__action"
        style={accent ? { background: accent } : undefined}
        aria-label={`${item.actionText}：${item.name}`}
        onClick={() => select(item)}
      >
        {item.actionText}
      </button>
    </li>
  );

  let fromCall: ReactNode = null;
  if (call) {
    if (blockedByLogin) {
      fromCall = (
        <LoginPrompt
          text={props.loginText}
          buttonText={props.loginButtonText}
          minHeight={ITEM_HEIGHT}
        />
      );
    } else if (query.error) {
      fromCall = (
        <ErrorState
          text={errorText(query.error, props.errorText)}
          onRetry={() => void query.mutate()}
          minHeight={ITEM_HEIGHT}
        />
      );
    } else if (!query.data) {
      fromCall = <Skeleton height={ITEM_HEIGHT * 2} />;
    }
  }
  const items = [...props.items, ...(call && query.data && !blockedByLogin ? loaded : [])];
  const settled = !call || (query.data !== undefined && !query.error) || blockedByLogin;

  return (
    <section className="w-product-list" aria-label={props.title || '产品列表'}>
      {props.title ? <h2 className="w-product-list__title">{props.title}</h2> : null}
      {items.length > 0 ? <ul className="w-product-list__list">{items.map(renderItem)}</ul> : null}
      {fromCall}
      {items.length === 0 && settled && !blockedByLogin ? (
        <Notice minHeight={ITEM_HEIGHT}>{props.emptyText}</Notice>
      ) : null}
    </section>
  );
}
