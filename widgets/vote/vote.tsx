import { useMemo, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { activityCodeOf, activityPhase, type Phase } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { dataStates, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { fill, headerOf, productsOf, type Product } from './vote-data';
import type { VoteProps } from './schema';
import './vote.css';

const ROW_HEIGHT = 120;

function phaseOf(status: string, fallback: Phase): Phase {
  if (status === 'notStarted') return 'notStarted';
  if (status === 'ended' || status === 'closed') return 'ended';
  return status === 'ongoing' ? 'live' : fallback;
}

export default function Vote({ props, emit }: WidgetComponentProps<VoteProps>) {
  const page = usePage();
  const { api, auth, clock, ui, navigation } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const query = page.scope.query as Record<string, string> | undefined;
  const productId =
    props.productId ?? query?.[props.idParam] ?? navigation.query().get(props.idParam) ?? '';
  const detail = props.mode === 'detail';
  const products = useApi(
    detail ? (productId ? 'newProduct.getNewProductById' : null) : 'newProduct.getNewProductList',
    detail ? { activityCode, productId } : { activityCode },
  );
  const header = useApi('newProduct.getNewProductHeader', { activityCode });
  const list = useMemo(() => productsOf(products.data?.result), [products.data]);
  const info = useMemo(() => headerOf(header.data?.result), [header.data]);
  const { lock, busyKey } = useLock();
  const [announcement, setAnnouncement] = useState('');
  const phase = phaseOf(info.status, activityPhase(page, activityCode, clock.now()));
  const total = Math.max(
    info.totalVotes ?? 0,
    list.reduce((sum, product) => sum + product.votes, 0),
  );
  const votedAny = list.some((product) => product.voted);
  const showResults = props.results === 'always' || votedAny;
  const outOfVotes = loggedIn && info.votesLeft === 0;
  const accent = props.accentColor ? { background: props.accentColor } : undefined;

  const vote = (product: Product) =>
    lock(product.productId, async () => {
      try {
        await api.call(props.voteMethod === 'GET' ? 'newProduct.vote.get' : 'newProduct.vote', {
          activityCode,
          productId: product.productId,
        });
        setAnnouncement(`${props.votedToast}：${product.title}`);
        ui.toast({ text: props.votedToast, variant: 'short' });
        void emit('voted', { productId: product.productId });
      } catch (error) {
        const text = errorText(error, '投票失败，请稍后再试');
        setAnnouncement(text);
        ui.toast({ text });
      }
      await Promise.all([products.mutate(), header.mutate()]);
    });

  const openDetail = (product: Product) => {
    if (!props.detailPath) return;
    void page.run([
      { type: 'navigate', to: props.detailPath, query: { [props.idParam]: product.productId } },
    ]);
  };

  const buttonLabel = (product: Product) => {
    if (phase === 'notStarted') return props.notStartedText;
    if (phase === 'ended') return props.endedText;
    if (product.voted) return props.votedText;
    if (outOfVotes) return props.noVotesText;
    return props.voteText;
  };

  const loadState =
    detail && !productId ? (
      <Notice minHeight={ROW_HEIGHT}>{props.emptyText}</Notice>
    ) : (
      dataStates({
        call: {
          data: products.data,
          error: products.error,
          mutate: () => Promise.all([products.mutate(), header.mutate()]),
        },
        errorText: props.errorText,
        errorMinHeight: ROW_HEIGHT,
        loading: <Skeleton height={ROW_HEIGHT * 3} />,
      })
    );
  let body;
  if (loadState !== null) {
    body = loadState;
  } else if (list.length === 0) {
    body = <Notice minHeight={ROW_HEIGHT}>{props.emptyText}</Notice>;
  } else {
    body = (
      <ul className="w-vote__list">
        {list.map((product, index) => {
          const share = total > 0 ? Math.round((product.votes / total) * 100) : 0;
          const label = buttonLabel(product);
          return (
            <li key={product.productId} className="w-vote__item" data-voted={product.voted}>
              {product.image ? (
                <img
                  className="w-vote__image"
                  src={product.image}
                  alt={product.title}
                  width={96}
                  height={96}
                  loading={index < 2 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              ) : null}
              <div className="w-vote__info">
                <h3 className="w-vote__name">{product.title}</h3>
                {product.desc ? <p className="w-vote__desc">{product.desc}</p> : null}
                {showResults ? (
                  <div className="w-vote__result">
                    <span className="w-vote__bar" aria-hidden="true">
                      <span style={{ width: `${share}%`, ...accent }} />
                    </span>
                    <span>
                      {fill(props.countTemplate, product.votes)} · {share}%
                    </span>
                  </div>
                ) : null}
                {props.detailPath && !detail ? (
                  <button
                    type="button"
                    className="w-vote__detail"
                    onClick={() => openDetail(product)}
                  >
                    {props.detailText}
                  </button>
                ) : null}
              </div>
              <button
                type="button"
                className="w-vote__button"
                disabled={
                  phase !== 'live' || product.voted || outOfVotes || !loggedIn || busyKey !== null
                }
                aria-busy={busyKey === product.productId}
                aria-label={`${label}：${product.title}`}
                onClick={() => void vote(product)}
                style={phase === 'live' && !product.voted ? accent : undefined}
              >
                {label}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="w-vote">
      {props.title ? <h2 className="w-vote__title">{props.title}</h2> : null}
      <p className="w-vote__rule">{props.ruleText}</p>
      {loggedIn && info.votesLeft !== null ? (
        <p className="w-vote__left">{fill(props.votesLeftTemplate, info.votesLeft)}</p>
      ) : null}
      {!loggedIn ? <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} /> : null}
      {body}
      <LiveRegion message={announcement} />
    </div>
  );
}
