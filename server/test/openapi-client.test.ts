import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './harness';
import type { TestApp } from './harness';

/**
 * Issue 35: the OpenAPI document is worth generating a client from. openapi-typescript (which
 * also lints the document against the OpenAPI 3.1 rules) turns it into types, and a strict
 * compile of those types with a small caller must find nothing wrong: the caller reads typed
 * fields of a draw's answer and of the upload link, and is refused a field no answer has.
 */
const USAGE = `
import type { operations, paths } from './api';

type Draw = paths['/mp/api/generalActivity/luckDraw']['post'];
declare const answer: Draw['responses']['200']['content']['application/json'];
export const prize: string | undefined = answer.result?.prizeId;
export const left: number | undefined = answer.result?.remainChance;
// @ts-expect-error: no draw answers this field (fails to compile if the answer is untyped)
export const stray = answer.result?.notAField;
export const code: number = answer.code;

type Byname = operations['generalActivity.luckDraw']['responses']['200']['content'];
declare const same: Byname['application/json'];
export const index: number | undefined = same.result?.index;

type Upload = paths['/mp/api/file/put/{token}']['put'];
export const link: Upload['parameters'] = {
  path: { token: 'x'.repeat(32) },
  query: { expires: Date.now(), sig: 'sig' },
};
declare const stored: Upload['responses']['200']['content']['application/json'];
export const url: string | undefined = stored.result?.url;
`;

async function compile(dir: string, api: string): Promise<string[]> {
  await writeFile(path.join(dir, 'api.ts'), api);
  await writeFile(path.join(dir, 'usage.ts'), USAGE);
  const program = ts.createProgram([path.join(dir, 'usage.ts')], {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    // The standard library is TypeScript's own: read it, but check only the generated code.
    lib: ['lib.es2022.d.ts'],
    skipDefaultLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let dir: string;
  let doc: OpenAPI3;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: '/mp/api/openapi.json' })).json();
    dir = await mkdtemp(path.join(tmpdir(), 'openapi-client-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles in strict mode with a caller of typed operations', async () => {
    // openapiTS throws when the document breaks an OpenAPI rule (its Redocly lint).
    const api = astToString(await openapiTS(doc, { silent: true }));
    expect(await compile(dir, api)).toEqual([]);
  });
});
