import { describe, expect, it } from 'vitest';
import { apiCatalogue } from '../../src/services/api/catalogue';
import { apiOperations, collectApiRoutes } from '../src/docs/api-reference';

/**
 * The client's catalogue of spec §7 calls and the server's routes must agree: every call a page
 * can make is answered, with the method the client uses.
 */
describe('every catalogue call has a server route', () => {
  it('answers each (method, path) of src/services/api/catalogue.ts', async () => {
    // The server's OpenAPI document (served at /mp/api/openapi.json) lists what it answers.
    const operations = apiOperations(await collectApiRoutes());
    // Path parameters are named in both as {name}; compare them by position only.
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const served = new Set(operations.map((o) => `${o.method} ${shape(o.url)}`));
    const missing = apiCatalogue
      .filter((entry) => !served.has(`${entry.method} ${shape(entry.path)}`))
      .map((entry) => `${entry.method} ${entry.path} (${entry.name})`);
    expect(missing).toEqual([]);
  });
});
