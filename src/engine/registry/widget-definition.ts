import type { z } from 'zod';

/**
 * What the engine must know about a widget while rendering, declared by the widget itself so the
 * engine never branches on a widget's name (STYLE.md pattern 4). Pure data: no React, no zod.
 * Every page's entry carries the meta of every widget, so what only the build reads (events, the
 * login note of the docs) is in the definition instead (decision 0028).
 */
export interface WidgetMeta {
  /** The widget renders `children` nodes; other widgets' nodes may not have children. */
  readonly acceptsChildren?: boolean;
  /** The widget spans the full page width (no side padding). */
  readonly fullBleed?: boolean;
  /**
   * How the build prerenders the widget into its route's HTML (docs/architecture.md, issue 10).
   * `'render'`: as a logged-out visitor in a plain mobile browser sees it before its data
   * arrives (its loading state), so its render reads no browser global, storage or bridge (a
   * test renders every widget in plain Node). `{ placeholderRem }`: only a box of that height
   * (design rem) in the HTML; the widget renders in the browser once the page has hydrated. For a
   * widget whose first screen cannot be known without the browser; the box keeps the layout.
   */
  readonly prerender: 'render' | { readonly placeholderRem: number };
  /**
   * The widget makes no API call of its own and shows no load error (nothing it imports reaches
   * useApi or the fault scope): its node then gets no fault scope, one context provider less per
   * node on pages of hundreds of them (docs/perf.md, render cost). Optional: without it a node
   * gets the scope, which is always correct; widgets/calls-no-api.test.ts checks every widget
   * that claims it.
   */
  readonly callsNoApi?: true;
}

/**
 * Financial products a page may promote only together with the compliance notice (BREADTH.md
 * "Rules every family keeps"; docs/decisions/0017-compliance-risk-notice.md).
 */
export const REGULATED_PRODUCT_KINDS = ['loan', 'credit-card', 'installment', 'fund'] as const;

/** A widget's answer to the compliance check (build time; the engine never reads it). */
export interface WidgetCompliance<TProps> {
  /** The kinds of financial products a node of this widget promotes, from its props. */
  readonly promotes?: (props: TProps) => readonly string[];
  /** The widget is the compliance notice (risk-notice). */
  readonly isRiskNotice?: boolean;
}

/**
 * Where a node of a floating widget (`position: fixed`) sits, from its props (build time; the
 * engine never reads it). `dock`: in the safe zone at the bottom edge, which the page reserves
 * below its content (the document's `floatReserve`), so it never covers content at rest at the
 * end of the page. `box`: placed freely, in CSS px from the viewport's top left; the validator
 * checks the box against the page's column at 320, 375 and 414 px (src/build/floating-checks.ts).
 * `runtime`: placed from data only the page knows (the activity's ShareInfo), so not checked.
 */
export type FloatingPlacement =
  | { readonly kind: 'dock'; readonly height: number }
  | {
      readonly kind: 'box';
      readonly left: number;
      readonly top: number;
      readonly width: number;
      readonly height: number;
    }
  | { readonly kind: 'runtime' };

/** The build-time side of a widget: its props schema and meta. Imported by the validator. */
export interface WidgetDefinition<
  TType extends string = string,
  TProps extends z.ZodType = z.ZodType,
> {
  readonly type: TType;
  /** One sentence for the generated reference docs and the JSON Schema (build time only: it is
   * not part of the run-time meta, so the phone never downloads documentation). */
  readonly description: string;
  readonly props: TProps;
  readonly meta: WidgetMeta;
  /** Event names the widget emits; a node may attach actions under `on.<event>`. */
  readonly events?: readonly string[];
  /** The widget shows a login prompt to visitors who are not logged in (the reference docs say so). */
  readonly requiresLogin?: boolean;
  /**
   * For a widget that mounts only some of its children at first (tabs: the open panel), the
   * indexes of those children. Absent: all of them. The compiler uses it to list the widget
   * chunks a first render needs (`initialWidgetTypes`); the rest load when the page is idle.
   */
  readonly initialChildren?: (props: z.output<TProps>) => readonly number[];
  /**
   * Every API call a node with these props can make, at load or on a tap (qualified names).
   * The compiler puts their routes into the page's document, so the entry need not carry the
   * whole API table (decision 0033); a call left out still works, after fetching that table.
   * widgets/api-calls.test.ts fails when a widget makes a call it does not declare.
   */
  readonly apiCalls?: (props: z.output<TProps>) => readonly string[];
  /**
   * The parts of the widget a node with these props renders with: modules of the widget's folder
   * (`widgets/<type>/<part>.tsx`) that are chunks of their own, for what only some pages' props
   * use (decision 0036). The compiler lists a page's parts on its document; they load with the
   * widget's chunk on those pages, and no other page fetches them.
   */
  readonly parts?: (props: z.output<TProps>) => readonly string[];
  /** A floating widget's placement, from its props (see FloatingPlacement). */
  readonly floating?: (props: z.output<TProps>) => FloatingPlacement;
  /** What the compliance check needs to know (docs/decisions/0017). */
  readonly compliance?: WidgetCompliance<z.output<TProps>>;
}

export function defineWidget<const TType extends string, TProps extends z.ZodType>(
  definition: WidgetDefinition<TType, TProps>,
): WidgetDefinition<TType, TProps> {
  return definition;
}
