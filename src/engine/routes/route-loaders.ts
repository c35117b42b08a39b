import type { CampaignDocument } from '../document/types';

/** Loads a route's compiled document. */
export type DocumentLoader = () => Promise<{ default: CampaignDocument }>;

/**
 * Route path -> its document's loader, from the campaigns Vite plugin (virtual:campaign-routes):
 * a Map of lazy modules in development and in the build-time renderer, documents fetched by URL
 * in the production app (fetched-documents.ts). A Map satisfies it.
 */
export interface RouteLoaders {
  has(route: string): boolean;
  get(route: string): DocumentLoader | undefined;
}
