import { createContext, useContext } from 'react';
import type { Action } from '../actions/action-schema';
import type { ConditionContext } from '../../contracts/conditions/evaluate';
import type { CampaignDocument } from '../document/types';

/** What every node of a page shares: the document, the binding scope and the action runner. */
export interface PageContextValue {
  document: CampaignDocument;
  /** data, state, user, activity, query, env: what {{bindings}} and `when` read. */
  scope: Record<string, unknown>;
  conditionContext: ConditionContext;
  run: (actions: readonly Action[], event?: Record<string, unknown>) => Promise<void>;
}

export const PageContext = createContext<PageContextValue | null>(null);

export function usePage(): PageContextValue {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage: rendered outside a campaign page');
  return page;
}
