import type { ReactNode } from 'react';
import { lazyValue } from '../../services/lazy-service';
import type { CampaignDocument } from '../document/types';

/**
 * The gate's verdict and screens (./requirement-gate-view.tsx) load with a document that has
 * `requirements` (src/engine/routes/document-needs.ts): every other page renders its body as is
 * and never fetches them (docs/perf.md, session 9).
 */
export const requirementGate = lazyValue(() => import('./requirement-gate-view'));

export function RequirementGate({
  document,
  children,
}: {
  document: CampaignDocument;
  children: ReactNode;
}) {
  if (!document.requirements) return <>{children}</>;
  const gate = requirementGate.peek();
  // Loaded with the document; were it not, the page waits for it rather than show the body.
  if (!gate) throw requirementGate.get();
  return <gate.GateView document={document}>{children}</gate.GateView>;
}
