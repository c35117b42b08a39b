/**
 * ./redirect-target.ts, with the condition evaluator its cases use, as a chunk only redirect
 * documents load, with the document (./document-needs.ts, decision 0028). The server imports
 * redirect-target.ts directly.
 */
import { lazyValue } from '../../services/lazy-service';
import type * as RedirectTarget from '../../contracts/site/redirect-target';

export const redirects = lazyValue<typeof RedirectTarget>(
  () => import('../../contracts/site/redirect-target'),
);
