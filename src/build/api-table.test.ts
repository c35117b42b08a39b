import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allApiRoutes, decodeApiTable } from '../services/api/api-table';
import { apiCatalogue, type ApiEntry } from '../services/api/catalogue';
import { API_TABLE_PATH, encodeApiTable, renderApiTableModule } from './api-table';

const root = resolve(import.meta.dirname, '../..');

describe("the API client's run-time table", () => {
  it('agrees with the catalogue on every name: method, path, success code, mutation', async () => {
    const routes = await allApiRoutes();
    expect([...routes.keys()].sort()).toEqual(apiCatalogue.map((entry) => entry.name).sort());
    for (const entry of apiCatalogue) {
      expect(routes.get(entry.name), entry.name).toEqual({
        name: entry.name,
        method: entry.method,
        path: entry.path,
        successCode: entry.successCode,
        mutation: entry.mutation,
      });
    }
  });

  it('is committed up to date (npm run generate)', () => {
    expect(readFileSync(join(root, API_TABLE_PATH), 'utf8')).toBe(
      renderApiTableModule(apiCatalogue),
    );
  });

  it('round-trips twins, path parameters, success codes and calls with a slash', () => {
    const entry = (fields: Partial<ApiEntry> & Pick<ApiEntry, 'call'>): ApiEntry => ({
      module: 'm',
      name: `m.${fields.call}`,
      method: 'GET',
      path: `/api/m/${fields.call}`,
      successCode: 0,
      mutation: false,
      params: [],
      ours: false,
      ...fields,
    });
    const entries = [
      entry({ call: 'draw', method: 'POST', mutation: true }),
      entry({ call: 'draw', name: 'm.draw.get', mutation: true }),
      entry({ call: 'info', successCode: 1 }),
      entry({ call: 'byToken', path: '/api/m/{token}' }),
      entry({ call: 'new/packet' }),
    ];
    const decoded = decodeApiTable(encodeApiTable(entries));
    for (const { name, method, path, successCode, mutation } of entries)
      expect(decoded.get(name)).toEqual({ name, method, path, successCode, mutation });
  });

  it('refuses a name it could not encode', () => {
    const bad: ApiEntry = {
      module: 'm',
      name: 'm.a b',
      call: 'a b',
      method: 'GET',
      path: '/api/m/a b',
      successCode: 0,
      mutation: false,
      params: [],
      ours: false,
    };
    expect(() => encodeApiTable([bad])).toThrow(/cannot be encoded/);
  });
});
