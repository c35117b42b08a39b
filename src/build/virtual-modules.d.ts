declare module 'virtual:campaign-routes' {
  import type { RouteLoaders } from '../engine/routes/route-loaders';
  export const routeLoaders: RouteLoaders;
}
