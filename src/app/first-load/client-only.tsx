import type { ReactNode } from 'react';
import { useHydrated } from '../../engine/prerender/hydration';

/**
 * For a widget that declares `prerender: { placeholderRem }`: a box of that height on the server
 * and while the page hydrates, the widget itself once it has. The box keeps the page's layout, so
 * the swap shifts nothing below it.
 */
export function ClientOnly({
  placeholderRem,
  children,
}: {
  placeholderRem: number;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  if (hydrated) return children;
  return (
    <div
      className="ce-node-skeleton"
      data-placeholder="prerender"
      aria-busy="true"
      style={{ height: `${placeholderRem}rem` }}
    />
  );
}
