import { ChunkLoadError } from '../chunks/chunk-errors';
import { CHUNK_LOAD_ERROR_NAME } from '../../spec/constants';
import type { CampaignDocument } from '../document/types';
import type { RouteLoaders } from './route-loaders';
import { documentUrlPath } from '../../contracts/site/build-output';

/** A route fetched as a document: "/", or segments with no ".", ".." or empty part. */
function isFetchable(route: string): boolean {
  if (route === '/') return true;
  if (!route.startsWith('/')) return false;
  return route
    .slice(1)
    .split('/')
    .every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The route has no document: the server answered 404 for its file. */
export class DocumentNotFoundError extends Error {
  constructor(readonly route: string) {
    // The route stays out of the message: a route like "/x.css" must not read as a chunk error.
    super('this route has no document');
    this.name = 'DocumentNotFoundError';
  }
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The production app's documents: fetched by a URL derived from the route, so the app's entry
 * carries no table of routes and does not grow with them (issue 10; the build writes the files,
 * the server names the current route's in the page's HTML as a preload). A route is assumed to
 * exist until its file answers 404 (DocumentNotFoundError; the DocumentCache remembers it).
 */
export class FetchedDocuments implements RouteLoaders {
  constructor(
    private readonly basePath: string,
    // A static file of the build, not an API call: no envelope, no common parameters (spec §3).
    // eslint-disable-next-line no-restricted-globals
    private readonly fetchFile: Fetch = (url, init) => fetch(url, init),
  ) {}

  has(route: string): boolean {
    return isFetchable(route);
  }

  get(route: string): (() => Promise<{ default: CampaignDocument }>) | undefined {
    if (!this.has(route)) return undefined;
    return async () => {
      const response = await this.fetchFile(`${this.basePath}${documentUrlPath(route)}`, {
        credentials: 'same-origin',
      });
      if (response.status === 404) throw new DocumentNotFoundError(route);
      // Anything else that is not the file is a failed load of a part of the app (spec §4): the
      // route's boundary reloads once for a new build, then offers a retry.
      if (!response.ok) {
        throw new ChunkLoadError(
          `document ${route} answered HTTP ${response.status}`,
          CHUNK_LOAD_ERROR_NAME,
        );
      }
      return { default: (await response.json()) as CampaignDocument };
    };
  }
}
