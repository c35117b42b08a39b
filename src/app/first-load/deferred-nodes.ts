/**
 * Nodes of a prerendered page that are below its first screen and whose widget chunk the first
 * screen does not need (decision 0026). They keep the server's markup, as it is, until they come
 * near the viewport or the visitor first acts; then their chunk loads and they render for real.
 * A visitor who only looks at the first screen downloads and hydrates none of them.
 *
 * This holds the plan and its state; ./first-screen.ts makes it from the painted page and
 * releases nodes; ./first-load.tsx renders a waiting node as its markup and thaws it once released.
 */
export class DeferredNodes {
  /** Node id -> its section's inner markup, until its node's first render mounts. */
  private readonly markup: Map<string, string>;
  /** Types no node of the first screen has: their chunks wait for a release. */
  private readonly types: Set<string>;
  /** Nodes showing their markup (taken, not yet thawed). */
  private readonly frozen = new Set<string>();
  private readonly released = new Set<string>();
  private allReleased = false;
  private readonly onRelease = new Map<string, () => void>();
  private readonly onThaw = new Map<string, (() => void)[]>();
  private keep: ((nodeId: string) => () => void) | null = null;
  private readonly restore = new Map<string, () => void>();

  /** Types some node of the painted page has; null: every type may be shown. */
  private readonly shown: Set<string> | null;

  constructor(
    markup: ReadonlyMap<string, string>,
    types: Iterable<string>,
    shownTypes: Iterable<string> | null = null,
  ) {
    this.markup = new Map(markup);
    this.types = new Set(types);
    this.shown = shownTypes ? new Set(shownTypes) : null;
  }

  /** Node ids that wait, in document order. */
  nodeIds(): string[] {
    return [...new Set([...this.markup.keys(), ...this.frozen])];
  }

  /**
   * The markup a node renders while it waits, for its first render (a node mounted later
   * renders for real), or undefined when it does not wait. It stays here until that render
   * mounts (`mounted`): React may construct a node more than once before it commits (a render it
   * throws away when a tap interrupts hydration, StrictMode's double render), and every such
   * render hydrates the same server markup. Nor does a release before the first render change
   * that (the visitor acted while the page hydrated): rendering the widget there instead, its
   * chunk not loaded, would not match the markup (React #418: the page rendered again, the tap
   * lost). A released node thaws right after it mounts.
   */
  take(nodeId: string): string | undefined {
    const markup = this.markup.get(nodeId);
    if (markup !== undefined) this.frozen.add(nodeId);
    return markup;
  }

  /** The node's first render has mounted: its markup is taken for good. */
  mounted(nodeId: string): void {
    this.markup.delete(nodeId);
  }

  /**
   * Whether a preload of this type should wait until the visitor first acts: no first-screen
   * node needs it, or no node of the painted page has it at all (a node for some visitors only,
   * `when` in the app, logged in, on an NFC phone: the build's visitor is none of them). A node
   * of that type that mounts for the real visitor loads its chunk then, as any later node does.
   */
  waits(type: string): boolean {
    if (this.allReleased) return false;
    return this.types.has(type) || (this.shown !== null && !this.shown.has(type));
  }

  isFrozen(nodeId: string): boolean {
    return this.frozen.has(nodeId);
  }

  /** Calls `listener` once when the node is released (at once if it already is). */
  whenReleased(nodeId: string, listener: () => void): () => void {
    if (this.allReleased || this.released.has(nodeId)) {
      listener();
      return () => undefined;
    }
    this.onRelease.set(nodeId, listener);
    return () => {
      if (this.onRelease.get(nodeId) === listener) this.onRelease.delete(nodeId);
    };
  }

  release(nodeId: string): void {
    if (this.allReleased || this.released.has(nodeId)) return;
    this.released.add(nodeId);
    const listener = this.onRelease.get(nodeId);
    this.onRelease.delete(nodeId);
    listener?.();
  }

  releaseAll(): void {
    if (this.allReleased) return;
    this.allReleased = true;
    const listeners = [...this.onRelease.values()];
    this.onRelease.clear();
    for (const listener of listeners) listener();
  }

  /**
   * What a node's markup holds that its render must get back (what was typed, the focus): read
   * by `keep` before the node renders for real, given back after.
   */
  keepWith(keep: (nodeId: string) => () => void): void {
    this.keep = keep;
  }

  /** The node is about to render for real. */
  thawing(nodeId: string): void {
    if (this.keep) this.restore.set(nodeId, this.keep(nodeId));
  }

  /** The node renders for real now (its section kept, its content replaced). */
  thawed(nodeId: string): void {
    this.frozen.delete(nodeId);
    this.restore.get(nodeId)?.();
    this.restore.delete(nodeId);
    const listeners = this.onThaw.get(nodeId) ?? [];
    this.onThaw.delete(nodeId);
    for (const listener of listeners) listener();
  }

  /** Calls `listener` once the node has thawed (at once if it is not frozen). */
  whenThawed(nodeId: string, listener: () => void): void {
    if (!this.frozen.has(nodeId)) {
      listener();
      return;
    }
    this.onThaw.set(nodeId, [...(this.onThaw.get(nodeId) ?? []), listener]);
  }
}
