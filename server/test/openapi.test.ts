import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApiReference } from '../src/docs/api-reference';
import { createTestApp } from './harness';
import type { TestApp } from './harness';

type Json = Record<string, unknown>;

/** Issue 17: OpenAPI 3.1 from the route schemas, and docs/api.md from the same document. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Json & { paths: Record<string, Record<string, Json>> };
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/mp/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = JSON.parse(res.body) as typeof doc;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 with the spec §7 calls, their parameters, login and limits', () => {
    expect(doc.openapi).toBe('3.1.0');
    const draw = doc.paths['/mp/api/generalActivity/luckDraw'];
    expect(Object.keys(draw ?? {}).sort()).toEqual(['get', 'post']);
    const get = draw?.get as Json & { parameters: Json[]; responses: Json; security: Json[] };
    expect(get.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'activityCode', required: true }),
    );
    // spec §4: a user id cookie AND the service-token cookie of either host family.
    expect(get.security).toEqual([
      { userId: [], serviceToken: [] },
      { userId: [], mServiceToken: [] },
      { cUserId: [], serviceToken: [] },
      { cUserId: [], mServiceToken: [] },
    ]);
    expect(Object.keys(get.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '422', '429', '503']),
    );
    const post = draw?.post as Json & { requestBody: { content: Json } };
    expect(Object.keys(post.requestBody.content)).toContain('application/x-www-form-urlencoded');
    const health = doc.paths['/mp/api/health']?.get as Json;
    expect(health.security).toEqual([]);
  });

  it('names the spec §4 login cookies as cookie schemes, optional where the login is', () => {
    const schemes = (doc.components as { securitySchemes: Record<string, Json> }).securitySchemes;
    for (const cookie of ['userId', 'cUserId', 'serviceToken', 'mServiceToken']) {
      expect(schemes[cookie]).toMatchObject({ type: 'apiKey', in: 'cookie', name: cookie });
    }
    expect(schemes.serviceToken?.description).toContain('httpOnly');
    expect(schemes.mServiceToken?.description).toContain('/mp/api/login/callback');
    const optional = doc.paths['/mp/api/generalActivity/getTaskList']?.post as Json;
    expect(optional.security).toContainEqual({});
    expect(optional.security).toContainEqual({ userId: [], mServiceToken: [] });
  });

  it('describes the upload link and the stored files with their bytes', () => {
    const upload = doc.paths['/mp/api/file/put/{token}'] as Record<string, Json>;
    expect(Object.keys(upload).sort()).toEqual(['post', 'put']);
    expect(upload.put?.operationId).toBe('file.put.put');
    expect(upload.put?.security).toEqual([]);
    const body = (upload.post?.requestBody as { content: Record<string, Json> }).content;
    expect(body['*/*']).toEqual({ schema: { type: 'string', format: 'binary' } });
    expect(JSON.stringify(body['multipart/form-data'])).toContain('"format":"binary"');
    expect(upload.put?.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'sig', required: true }),
    );
    expect(JSON.stringify((upload.put?.responses as Json)['200'])).toContain('"mime"');
    const object = doc.paths['/mp/api/file/object/{name}']?.get as Json & { responses: Json };
    expect(Object.keys(object.responses)).toEqual(['200', '206', '404', '416', '503']);
    expect(Object.keys((object.responses['200'] as { content: Json }).content)).toEqual([
      'image/*',
      'video/*',
    ]);
  });

  it('names each call after its contract and types its answer from the output schema', () => {
    const get = doc.paths['/mp/api/generalActivity/luckDraw']?.get as Json;
    expect(get.operationId).toBe('generalActivity.luckDraw.get');
    expect(get.tags).toEqual(['generalActivity']);
    const ok = JSON.stringify((get.responses as Json)['200']);
    // The draw's result (src/contracts/draws.ts): its fields, none left open.
    expect(ok).toContain('"prizeId"');
    expect(ok).toContain('"remainChance"');
    expect(ok).toContain('"additionalProperties":false');
  });

  it('leaves out what is not an API call (pages, the sign-in, itself)', () => {
    const paths = Object.keys(doc.paths);
    expect(paths.every((p) => p.startsWith('/mp/api/'))).toBe(true);
    expect(paths).not.toContain('/mp/api/openapi.json');
    expect(paths).not.toContain('/mp/api/login');
  });

  it('docs/api.md is rendered from this document and up to date (npm run generate)', async () => {
    const file = fileURLToPath(new URL('../../docs/api.md', import.meta.url));
    expect(await readFile(file, 'utf8')).toBe(renderApiReference(doc));
  });
});
