/**
 * The safety net under every widget's data (issue 19): a widget cannot forget its load error.
 * The engine gives each widget node a FaultScope (src/engine/render/node-view.tsx); useApi
 * reports the widget's calls that failed with a fault, the load error of the UI kit reports that
 * it is on screen. A widget with a fault and no load error of its own gets one from the engine,
 * below its content, whose retry runs its failed calls again.
 */
import { createContext, useCallback, useContext, useEffect } from 'react';
import type { FaultKind } from './fault';

export interface FaultScope {
  /** A call failed with `kind`; `retry` sends it again. Returns the withdrawal. */
  failed(kind: FaultKind, retry: () => void): () => void;
  /** The widget shows a load error of its own. Returns the withdrawal. */
  shown(): () => void;
  /** Sends every faulted call of the widget again. */
  retryAll(): void;
}

export const FaultScopeContext = createContext<FaultScope | null>(null);

/** What the node shows for its scope: the first unexplained fault, or null. */
export interface FaultScopeState {
  kind: FaultKind | null;
}

/**
 * A scope that tells `onChange` whether the widget has a fault it does not show. Calls to
 * onChange happen from effects (client only), never while rendering.
 */
export function createFaultScope(onChange: (kind: FaultKind | null) => void) {
  const faults = new Map<number, { kind: FaultKind; retry: () => void }>();
  let shownCount = 0;
  let nextId = 0;
  let last: FaultKind | null = null;
  const update = () => {
    const first = faults.values().next();
    const kind = shownCount === 0 && !first.done ? first.value.kind : null;
    if (kind === last) return;
    last = kind;
    onChange(kind);
  };
  const scope: FaultScope = {
    failed(kind, retry) {
      const id = nextId++;
      faults.set(id, { kind, retry });
      update();
      return () => {
        faults.delete(id);
        update();
      };
    },
    shown() {
      shownCount += 1;
      update();
      return () => {
        shownCount -= 1;
        update();
      };
    },
    retryAll() {
      for (const { retry } of [...faults.values()]) retry();
    },
  };
  return scope;
}

/**
 * For a widget's own load error: tells the node's scope it is on screen, and answers the retry
 * of the whole widget — one tap sends every call of the widget that failed with a fault again,
 * not only the one this load error stands for (SWR sends a call once if both ask).
 */
export function useLoadErrorShown(): () => void {
  const scope = useContext(FaultScopeContext);
  useEffect(() => scope?.shown(), [scope]);
  return useCallback(() => scope?.retryAll(), [scope]);
}
