import type { Clock } from '../../services/types';
import { withChunkTimeout } from '../chunks/chunk-errors';
import { track } from '../chunks/tracked-promise';
import type { CampaignDocument } from '../document/types';
import { loadDocumentNeeds } from './document-needs';
import { DocumentNotFoundError } from './fetched-documents';
import type { RouteLoaders } from './route-loaders';

/**
 * One promise per route, so React's `use` suspends at most once and navigating back is instant;
 * tracked, so a document loaded before its first render does not suspend at all. A document
 * resolves once the code its first render needs beyond the entry is there too
 * (./document-needs.ts, decision 0028).
 */
export class DocumentCache {
  private readonly pending = new Map<string, Promise<CampaignDocument>>();
  /** Routes known to have no document: their file answered 404, or the page is the 404 page. */
  private readonly missing = new Set<string>();

  constructor(
    private readonly loaders: RouteLoaders,
    private readonly clock: Clock,
  ) {}

  has(route: string): boolean {
    return !this.missing.has(route) && this.loaders.has(route);
  }

  /** The route has no document (the server sent its 404 page): do not ask for it. */
  markMissing(route: string): void {
    this.missing.add(route);
  }

  load(route: string): Promise<CampaignDocument> {
    let promise = this.pending.get(route);
    if (!promise) {
      const loader = this.loaders.get(route);
      if (!loader) return Promise.reject(new Error(`no document for ${route}`));
      // A failed load stays cached so React's `use` surfaces the error to the route boundary
      // instead of suspending on a fresh attempt forever; retry reloads the page.
      const load = () =>
        loader().then(async (module) => {
          await loadDocumentNeeds(module.default);
          return module;
        });
      promise = track(
        withChunkTimeout(load, this.clock).then(
          (module) => module.default,
          (error: unknown) => {
            if (error instanceof DocumentNotFoundError) this.missing.add(route);
            throw error;
          },
        ),
      );
      this.pending.set(route, promise);
    }
    return promise;
  }
}
