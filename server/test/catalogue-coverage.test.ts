import { describe, expect, it } from 'vitest';
import { apiCatalogue } from '../../src/services/api/catalogue';
import { collectApiRoutes } from '../src/docs/api-reference';

/**
 * The client's catalogue of spec §7 calls and the server's routes must agree: every call a page
 * can make is answered, with the method the client uses.
 */
describe('every catalogue call has a server route', () => {
  it('answers each (method, path) of src/services/api/catalogue.ts', async () => {
    const routes = await collectApiRoutes();
    const served = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const pattern = (path: string) => path.replace(/\{[^}]+\}/g, ':param');
    const missing = apiCatalogue
      .filter((entry) => {
        const key = `${entry.method} ${entry.path}`;
        if (served.has(key)) return false;
        // Path parameters ({token}) are served by a parametrised route.
        return ![...served].some(
          (s) => s.replace(/:[\w]+/g, ':param') === `${entry.method} ${pattern(entry.path)}`,
        );
      })
      .map((entry) => `${entry.method} ${entry.path} (${entry.name})`);
    expect(missing).toEqual([]);
  });
});
