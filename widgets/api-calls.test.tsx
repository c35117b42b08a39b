/**
 * Each document carries the routes of the calls its page can make (decision 0033); a call it
 * does not list still works, but fetches the whole API table first. These tests fail when a
 * widget makes a call its `apiCalls` does not declare: in its source (every call it can make,
 * taps included), and when its pages render (the calls it makes at load, constants from
 * elsewhere included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { contracts } from '../src/contracts';
import { documentApiRoutes } from '../src/build/document-api-routes';
import { openCampaignProject } from '../src/build/campaign-project';
import { createDocumentSchema } from '../src/engine/document/document-schema';
import type { CampaignDocument, RenderNode } from '../src/engine/document/types';
import { renderPage } from '../tests/support/render-page';
import { decodeApiTable } from '../src/services/api/api-table';
import { apiNames, isKnownApiName } from '../src/services/api/catalogue';
import { UPLOAD_IMAGE_CALL } from '../src/services/images/upload-image';
import { fakeAnswer } from '../tests/support/fake-answer';
import { createFakeServices } from '../tests/support/fake-services';
import type { ApiEnvelope } from '../src/services/types';
import { widgetDefinitions } from './index';

// As src/build/campaign-context.ts does, but without its import.meta.url (not a file: URL under
// jsdom); vitest runs from the repository root.
const project = openCampaignProject(join(process.cwd(), 'campaigns'), {
  schema: createDocumentSchema(widgetDefinitions),
  widgetTypes: widgetDefinitions.map((widget) => widget.type),
  isKnownApi: isKnownApiName,
  apiNames: [...apiNames],
  apiRoutes: documentApiRoutes,
});
const docs: CampaignDocument[] = project.files
  .filter((file) => file.route !== null)
  .map((file) => project.compile(file.relativePath).document)
  .filter((doc): doc is CampaignDocument => doc !== undefined);

function* nodesOf(nodes: readonly RenderNode[] | undefined): Generator<RenderNode> {
  for (const node of nodes ?? []) {
    yield node;
    yield* nodesOf(node.children);
  }
}
const allNodes = (doc: CampaignDocument) => [
  ...nodesOf(doc.body),
  ...(doc.dialogs ?? []).flatMap((dialog) => [...nodesOf(dialog.body)]),
];
const tableNames = (doc: CampaignDocument) => [...decodeApiTable(doc.apiTable ?? '').keys()];

/**
 * Service helpers that make a call of their own: a widget that imports and runs one makes that
 * call (issue 32 item 8: video-upload's cover went through uploadImage undeclared).
 */
const SERVICE_CALLS: readonly { imports: RegExp; runs: RegExp; call: string }[] = [
  {
    imports: /from '(?:\.\.\/)+src\/services\/images\/upload-image'/,
    runs: /\buploadImage\(/,
    call: UPLOAD_IMAGE_CALL,
  },
];

/** The call names a widget's source writes: literals, and templates as patterns. */
function namesInSource(type: string): { literals: Set<string>; templates: RegExp[] } {
  const dir = join(process.cwd(), 'widgets', type);
  const literals = new Set<string>();
  const templates: RegExp[] = [];
  for (const file of readdirSync(dir)) {
    // The schema's defaults and descriptions are props: the compiler reads those from the page.
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|^(schema|meta)\.ts$/.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const [, name = ''] of text.matchAll(/['"`]([A-Za-z]+\.[\w/]+(?:\.get)?)['"`]/g)) {
      if (isKnownApiName(name)) literals.add(name);
    }
    for (const helper of SERVICE_CALLS)
      if (helper.imports.test(text) && helper.runs.test(text)) literals.add(helper.call);
    for (const [, module = '', rest = ''] of text.matchAll(
      /`([A-Za-z]+)\.\$\{[^}`]+\}([\w/]*)`/g,
    )) {
      templates.push(new RegExp(`^${module}\\.[\\w/]*${rest}$`));
    }
  }
  return { literals, templates };
}

/** The nodes' props, and each with one top-level option prop set to each of its options. */
function variantsOf(schema: z.ZodType, nodes: readonly RenderNode[]): unknown[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { enum?: unknown[] }>;
  };
  const options = Object.entries(json.properties ?? {}).flatMap(([key, field]) =>
    (field.enum ?? []).map((value) => [key, value] as const),
  );
  return nodes.flatMap((node) => [
    node.props,
    ...options.map(([key, value]) => ({ ...(node.props as object), [key]: value })),
  ]);
}

describe("widgets' declared API calls", () => {
  it('every page that calls an API carries a table', () => {
    expect(docs.length).toBeGreaterThan(100);
    const withTable = docs.filter((doc) => doc.apiTable);
    expect(withTable.length).toBeGreaterThan(100);
    const luckDraw = docs.find((doc) => doc.route === '/luckDraw')!;
    expect(tableNames(luckDraw)).toEqual(
      expect.arrayContaining([
        'configActivity.getSingleConfigActivity4c',
        'generalActivity.getRemainChance',
        'generalActivity.luckDraw',
      ]),
    );
    // Only what the page can call: far from the catalogue's whole table.
    expect(tableNames(luckDraw).length).toBeLessThan(apiNames.length / 5);
  });

  for (const widget of widgetDefinitions) {
    it(`${widget.type} declares every call its source names`, () => {
      const { literals, templates } = namesInSource(widget.type);
      const nodes = docs.flatMap((doc) =>
        allNodes(doc).filter((node) => node.type === widget.type),
      );
      expect(nodes.length, 'a widget no document uses cannot be checked').toBeGreaterThan(0);
      if (literals.size === 0 && templates.length === 0) return;
      const apiCalls = (widget as { apiCalls?: (props: unknown) => readonly string[] }).apiCalls;
      expect(apiCalls, `${widget.type} calls the API: give it apiCalls`).toBeDefined();
      // A call may depend on an option of the props (lucky-draw's drawCall): each option of
      // each node's props is tried.
      const declared = new Set(
        variantsOf(widget.props, nodes).flatMap((props) => [...apiCalls!(props)]),
      );
      for (const name of declared) expect(isKnownApiName(name), name).toBe(true);
      for (const name of literals) expect([...declared], name).toContain(name);
      for (const pattern of templates)
        expect(
          [...declared].some((name) => pattern.test(name)),
          String(pattern),
        ).toBe(true);
    });
  }

  /**
   * Each call answers a value its contract's output schema accepts, made from that schema and
   * checked with it (tests/support/fake-answer.ts): a widget must render any answer the server
   * may give, so a fake cannot drift from the contract, nor pass where the server would not.
   */
  function contractAnswer(name: string): ApiEnvelope {
    if (!Object.hasOwn(contracts, name)) throw new Error(`${name}: no contract`);
    const contract = contracts[name as keyof typeof contracts];
    const value = fakeAnswer(contract.output, name);
    const checked = contract.output.safeParse(value);
    if (!checked.success) throw new Error(`${name}: the fake answer breaks its contract`);
    return { code: contract.successCode, [contract.carrier]: value };
  }

  // A widget that throws on a valid answer is caught by its boundary: what it logs fails the test.
  let consoleErrors: unknown[][] = [];
  const uncaught: unknown[] = [];
  const onError = (event: ErrorEvent) => void uncaught.push(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => void uncaught.push(event.reason);
  beforeEach(() => {
    consoleErrors = [];
    uncaught.length = 0;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      consoleErrors.push(args);
    });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    // jsdom has no canvas: qr-card draws its code on a stand-in (as widgets/qr-card's tests do).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => ({ fillStyle: '', fillRect: () => undefined }) as never,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(
      'data:image/png;base64,UVI=',
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  });

  // One page for each widget type: what its widgets call while the page loads, logged in.
  const covering: CampaignDocument[] = [];
  const covered = new Set<string>();
  for (const doc of docs) {
    if (doc.redirect || doc.landing) continue;
    const types = allNodes(doc).map((node) => node.type);
    if (types.some((type) => !covered.has(type))) {
      covering.push(doc);
      for (const type of types) covered.add(type);
    }
  }
  for (const doc of covering) {
    it(`${doc.route}: every call at load is in its document's table`, async () => {
      const services = createFakeServices({
        loggedIn: true,
        apiHandler: contractAnswer,
      });
      const page = renderPage([...(doc.body ?? [])], { services, document: doc, route: doc.route });
      await waitFor(() => expect(document.querySelectorAll('[aria-busy="true"]')).toHaveLength(0), {
        timeout: 5000,
      });
      const called = [...new Set(services.record.calls.map((call) => call.name))];
      const known = new Set(tableNames(doc));
      expect(called.filter((name) => !known.has(name))).toEqual([]);
      page.unmount();
      const reported = services.record.reports.map(
        (r) => `${String(r.error)} ${JSON.stringify(r.context)}`,
      );
      expect(reported, 'errors the widgets reported').toEqual([]);
      expect(
        consoleErrors.map((args) => String(args[0])),
        'console errors',
      ).toEqual([]);
      expect(uncaught, 'uncaught errors').toEqual([]);
    });
  }
});
