import { useMemo, useState } from 'react';
import { useApi } from '../../src/engine/data/use-api';
import { useServices } from '../../src/services/context';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import {
  formatTime,
  productsOf,
  recordsOf,
  creditOf,
  reachedLimit,
  yuan,
  type CreditRecord,
} from './installment-data';
import type { InstallmentOffersProps } from './schema';

interface ViewProps {
  props: InstallmentOffersProps;
  activityCode: string;
}

const MAX_PAGE_SIZE = 50;

function useProductNames(activityCode: string) {
  const list = useApi('installment.getProductInfos', { activityCode });
  const products = useMemo(() => productsOf(list.data?.result), [list.data]);
  return {
    products,
    nameOf: (id: string) => products.find((p) => p.productId === id)?.name ?? id,
  };
}

function RecordItem({ record, name }: { record: CreditRecord; name: string }) {
  return (
    <li className="w-inst__record">
      <div className="w-inst__record-main">
        <span className="w-inst__record-name">{name}</span>
        <span className="w-inst__record-amount">{yuan(record.amount)}元</span>
      </div>
      <div className="w-inst__record-sub">
        <span>
          {record.term}期 · {formatTime(record.createTime)}
        </span>
        <span>{record.saved > 0 ? `补贴${yuan(record.saved)}元` : '无补贴'}</span>
      </div>
    </li>
  );
}

export function RecordsView({ props, activityCode }: ViewProps) {
  const { auth } = useServices();
  const loggedIn = auth.isLoggedIn();
  const [pages, setPages] = useState(1);
  const pageSize = Math.min(MAX_PAGE_SIZE, props.pageSize * pages);
  const history = useApi(loggedIn ? 'installment.getSavedHistory' : null, {
    activityCode,
    page: 1,
    pageSize,
  });
  const { products, nameOf } = useProductNames(activityCode);
  if (!loggedIn) return <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />;
  if (history.error) {
    return (
      <ErrorState
        text={errorText(history.error, props.errorText)}
        onRetry={() => void history.mutate()}
        minHeight={160}
      />
    );
  }
  if (!history.data) return <Skeleton height={160} />;
  const { total, list } = recordsOf(history.data?.result);
  const shown = props.subsidyOnly ? list.filter((r) => r.saved > 0) : list;
  const reminded = products.filter((p) => p.reminded);
  return (
    <>
      {reminded.length > 0 && !props.subsidyOnly ? (
        <p className="w-inst__reminders">
          已设置还款提醒：{reminded.map((p) => p.name).join('、')}
        </p>
      ) : null}
      {shown.length === 0 ? (
        <Notice minHeight={120}>{props.emptyText}</Notice>
      ) : (
        <ul className="w-inst__records" aria-label="申请记录">
          {shown.map((r) => (
            <RecordItem key={r.recordId} record={r} name={nameOf(r.productId)} />
          ))}
        </ul>
      )}
      {total > list.length && pageSize < MAX_PAGE_SIZE ? (
        <button
          type="button"
          className="w-inst__more"
          onClick={() => setPages((n) => n + 1)}
          disabled={history.isValidating}
        >
          加载更多
        </button>
      ) : null}
    </>
  );
}

export function SubsidyView({ props, activityCode }: ViewProps) {
  const { auth } = useServices();
  const loggedIn = auth.isLoggedIn();
  const params = { activityCode };
  const user = useApi(loggedIn ? 'installment.getUserInfo' : null, params);
  const limit = useApi(loggedIn ? 'installment.reachLimit' : null, params);
  if (!loggedIn) return <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />;
  const failed = user.error ?? limit.error;
  if (failed) {
    return (
      <ErrorState
        text={errorText(failed, props.errorText)}
        onRetry={() => void Promise.all([user.mutate(), limit.mutate()])}
        minHeight={160}
      />
    );
  }
  const credit = creditOf(user.data?.result);
  if (!credit || !limit.data) return <Skeleton height={160} />;
  const reached = reachedLimit(limit.data?.result);
  const left = Math.max(0, credit.subsidyCap - credit.subsidyEarned);
  const percent =
    credit.subsidyCap > 0 ? Math.min(100, (credit.subsidyEarned / credit.subsidyCap) * 100) : 100;
  return (
    <div className="w-inst__subsidy">
      <p className="w-inst__big">
        <span>已得补贴</span>
        <strong>{yuan(credit.subsidyEarned)}</strong>
        <span>元</span>
      </p>
      <div className="w-inst__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
      <dl className="w-inst__summary">
        <div>
          <dt>补贴上限（元）</dt>
          <dd>{yuan(credit.subsidyCap)}</dd>
        </div>
        <div>
          <dt>还可获得（元）</dt>
          <dd>{yuan(left)}</dd>
        </div>
        <div>
          <dt>申请笔数</dt>
          <dd>{credit.recordCount}</dd>
        </div>
      </dl>
      {reached ? (
        <p className="w-inst__notice" role="note">
          {props.reachLimitText}
        </p>
      ) : null}
    </div>
  );
}

export function ResultView({ props, activityCode }: ViewProps) {
  const { auth } = useServices();
  const loggedIn = auth.isLoggedIn();
  const history = useApi(loggedIn ? 'installment.getSavedHistory' : null, {
    activityCode,
    page: 1,
    pageSize: MAX_PAGE_SIZE,
  });
  const { nameOf } = useProductNames(activityCode);
  if (!loggedIn) return <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} />;
  if (history.error) {
    return (
      <ErrorState
        text={errorText(history.error, props.errorText)}
        onRetry={() => void history.mutate()}
        minHeight={120}
      />
    );
  }
  if (!history.data) return <Skeleton height={120} />;
  const { list } = recordsOf(history.data?.result);
  const wanted = props.recordId?.trim();
  const record = wanted ? list.find((r) => r.recordId === wanted) : list[0];
  if (!record) return <Notice minHeight={120}>{props.emptyText}</Notice>;
  return (
    <div className="w-inst__result">
      <p className="w-inst__big">
        <span>本次补贴</span>
        <strong>{yuan(record.saved)}</strong>
        <span>元</span>
      </p>
      <ul className="w-inst__records" aria-label="申请详情">
        <RecordItem record={record} name={nameOf(record.productId)} />
      </ul>
    </div>
  );
}
