import { describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import { ChunkLoadError, classifyChunkError } from '../chunks/chunk-errors';
import { DocumentCache } from './document-cache';
import { documentFile, documentUrlPath } from '../../contracts/site/build-output';
import { DocumentNotFoundError, FetchedDocuments } from './fetched-documents';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('documents fetched by a URL derived from the route (issue 10)', () => {
  it('maps a route to its file: "/" is index, nested routes are folders', () => {
    expect(documentFile('/')).toBe('_documents/index.json');
    expect(documentFile('/luckDraw')).toBe('_documents/luckDraw.json');
    expect(documentFile('/contract/record')).toBe('_documents/contract/record.json');
    // The URL encodes each segment; the file keeps the route's own name.
    expect(documentUrlPath('/a b/c?d')).toBe('_documents/a%20b/c%3Fd.json');
  });

  it("fetches the route's file below the base path, with same-origin credentials", async () => {
    const fetchFile = vi.fn(() => Promise.resolve(json({ route: '/luckDraw' })));
    const documents = new FetchedDocuments('/mp/activity/', fetchFile);
    const module = await documents.get('/luckDraw')?.();
    expect(module?.default).toEqual({ route: '/luckDraw' });
    expect(fetchFile).toHaveBeenCalledWith('/mp/activity/_documents/luckDraw.json', {
      credentials: 'same-origin',
    });
  });

  it('never fetches a route that could climb out of the documents folder', () => {
    const fetchFile = vi.fn(() => Promise.resolve(json({})));
    const documents = new FetchedDocuments('/mp/activity/', fetchFile);
    for (const route of ['/../api/x', '/a/./b', '/a//b', 'relative', '/..']) {
      expect(documents.has(route)).toBe(false);
      expect(documents.get(route)).toBeUndefined();
    }
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('a 404 is "no such page"; other failures are failed loads that chunk recovery handles (spec §4)', async () => {
    const notFound = new FetchedDocuments('/', () => Promise.resolve(json({}, 404)));
    await expect(notFound.get('/gone.css')?.()).rejects.toBeInstanceOf(DocumentNotFoundError);
    // Its message names no route: "/gone.css" must not read as a stylesheet failure.
    expect(classifyChunkError(new DocumentNotFoundError('/gone.css'))).toBeNull();
    const broken = new FetchedDocuments('/', () => Promise.resolve(json({}, 502)));
    await expect(broken.get('/luckDraw')?.()).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('the cache remembers a route without a document, and one the 404 page was served for', async () => {
    const services = createFakeServices();
    const fetchFile = vi.fn(() => Promise.resolve(json({}, 404)));
    const cache = new DocumentCache(new FetchedDocuments('/', fetchFile), services.clock);
    expect(cache.has('/nope')).toBe(true);
    await expect(cache.load('/nope')).rejects.toBeInstanceOf(DocumentNotFoundError);
    expect(cache.has('/nope')).toBe(false);
    cache.markMissing('/other');
    expect(cache.has('/other')).toBe(false);
    expect(fetchFile).toHaveBeenCalledTimes(1);
  });
});
