import type { z } from 'zod';
import type { Action } from '../actions/action-schema';
import type { Condition } from '../../contracts/conditions/condition-schema';
import type { UrlPropPath } from '../urls/apply-url-policy';
import type { DocumentSchema } from './document-schema';
import type { RedirectSpec } from '../../contracts/site/redirect-target';

/** A node as the renderer sees it: the widget's own props type is known only to the widget. */
export interface RenderNode {
  type: string;
  id?: string | undefined;
  props: unknown;
  when?: Condition | undefined;
  on?: Record<string, Action[] | undefined> | undefined;
  children?: RenderNode[] | undefined;
  /**
   * The URL-typed props a binding fills in, set by the compiler (src/engine/urls/bound-url-paths.ts):
   * the engine checks them by the URL policy after binding (issue 19, decision 0028).
   */
  boundUrls?: readonly UrlPropPath[] | undefined;
}

export interface RenderDialog {
  id: string;
  title?: string | undefined;
  closable: boolean;
  body: RenderNode[];
}

type DocumentOutput = z.output<DocumentSchema>;

/** A validated document with templates resolved and defaults applied: what the browser loads. */
export type CampaignDocument = Omit<DocumentOutput, 'body' | 'dialogs' | '$schema' | 'extends'> & {
  body?: RenderNode[] | undefined;
  dialogs?: RenderDialog[] | undefined;
  /** The route this document serves. */
  route: string;
  /** Every widget type the document uses (body and dialogs). */
  widgetTypes: string[];
  /**
   * The types a first render can mount (the body, only the open panel of a widget that mounts
   * one child at a time; no dialogs): their chunks load in parallel with the page, the rest of
   * `widgetTypes` when the page is idle.
   */
  initialWidgetTypes: string[];
  /**
   * Some node binds a URL-typed prop (`boundUrls`): the URL policy's code loads with the
   * document, before its first render (src/engine/routes/document-cache.ts, decision 0028).
   */
  bindsUrls?: true | undefined;
  /**
   * Some node, data source or redirect case has a `when`: the condition evaluator loads with the
   * document, before its first render (src/engine/routes/document-needs.ts, decision 0028).
   */
  usesConditions?: true | undefined;
  /**
   * The routes of the API calls the page can make (its data sources and actions, its widgets'
   * declared calls), in the API table's encoding (src/services/api/api-table.ts): the entry does
   * not carry the catalogue's whole table (decision 0033).
   */
  apiTable?: string | undefined;
  /**
   * The widget parts its nodes render with (`<type>/<part>`, WidgetDefinition.parts): each loads
   * with its widget's chunk, before the widget renders (decision 0036).
   */
  widgetParts?: string[] | undefined;
  /**
   * The height (CSS px) the page reserves below its content for its docked floating widgets
   * (src/engine/layout/float-dock.ts), so the end of the page is never under them.
   */
  floatReserve?: number | undefined;
};

/**
 * The server and the build read a redirect through its shared type (src/contracts/site): a
 * document's redirect must stay assignable to it, or this fails typecheck.
 */
type Holds<T extends true> = T;
type _RedirectAgrees = Holds<
  NonNullable<CampaignDocument['redirect']> extends RedirectSpec ? true : false
>;
