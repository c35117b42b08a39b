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
 * onChange happen from effects (client only), never while rendering. One per widget node, made
 * with the node: a class, so a node pays one small object and its state only once a call fails
 * (the methods are shared; the map of faults is made at the first fault).
 */
class NodeFaultScope implements FaultScope {
  declare private readonly onChange: (kind: FaultKind | null) => void;
  declare private faults: Map<number, { kind: FaultKind; retry: () => void }> | null;
  declare private shownCount: number;
  declare private nextId: number;
  declare private last: FaultKind | null;

  // Fields set here, not initialised in place: the build's target makes each a helper call.
  constructor(onChange: (kind: FaultKind | null) => void) {
    this.onChange = onChange;
    this.faults = null;
    this.shownCount = 0;
    this.nextId = 0;
    this.last = null;
  }

  private update(): void {
    const first = this.faults?.values().next();
    const kind = this.shownCount === 0 && first && !first.done ? first.value.kind : null;
    if (kind === this.last) return;
    this.last = kind;
    this.onChange(kind);
  }

  failed(kind: FaultKind, retry: () => void): () => void {
    const id = this.nextId++;
    const faults = (this.faults ??= new Map());
    faults.set(id, { kind, retry });
    this.update();
    return () => {
      faults.delete(id);
      this.update();
    };
  }

  shown(): () => void {
    this.shownCount += 1;
    this.update();
    return () => {
      this.shownCount -= 1;
      this.update();
    };
  }

  retryAll(): void {
    for (const { retry } of [...(this.faults?.values() ?? [])]) retry();
  }
}

export function createFaultScope(onChange: (kind: FaultKind | null) => void): FaultScope {
  return new NodeFaultScope(onChange);
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
