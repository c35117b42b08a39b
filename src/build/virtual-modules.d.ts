declare module 'virtual:campaign-routes' {
  import type { RouteLoaders } from '../engine/routes/route-loaders';
  export const routeLoaders: RouteLoaders;
}

declare module 'virtual:campaign-route-list' {
  /** Every route with a document (the build-time renderer's list; the app never holds it). */
  export const routes: readonly string[];
}
