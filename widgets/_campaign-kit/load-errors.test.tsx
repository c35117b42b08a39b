/**
 * Issue 19: every widget that loads data shows a load error with a retry when its calls fail with
 * a fault of the network or the server — never nothing, never an empty state that reads like
 * "no data". Walks the registry: a widget whose component calls the API (useApi or api.call in its
 * sources) must have at least one node in the campaigns that loads on render, and every sampled
 * node, its calls failing, shows a [role=alert] with 重试 whose tap calls again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openCampaignProject } from '../../src/build/campaign-project';
import { createDocumentSchema } from '../../src/engine/document/document-schema';
import type { CampaignDocument, RenderNode } from '../../src/engine/document/types';
import { ACTIVITY_INFO_CALL } from '../../src/engine/page/activity-config';
import { renderPage } from '../../tests/support/render-page';
import { apiNames, isKnownApiName } from '../../src/services/api/catalogue';
import { createFakeServices } from '../../tests/support/fake-services';
import { ApiError, TimeoutError } from '../../src/services/http/errors';
import { UI_COPY } from '../../src/ui/copy';
import { widgetDefinitions } from '../index';

const WIDGETS_DIR = join(process.cwd(), 'widgets');
/** Nodes rendered per widget type (different props where the campaigns have them). */
const SAMPLES_PER_TYPE = 3;

/** The sources of a widget (not its tests). */
function sources(type: string): string {
  return readdirSync(join(WIDGETS_DIR, type))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(join(WIDGETS_DIR, type, file), 'utf8'))
    .join('\n');
}

/** Widget types whose component sources call the API. */
function apiBoundTypes(): string[] {
  return widgetDefinitions
    .map((definition) => definition.type)
    .filter((type) => /\buseApi\s*[<(]|\bapi\.call\s*[<(]/.test(sources(type)));
}

/** Widgets that read the activity info themselves: for them, that call fails too. */
const readsActivity = (type: string) => sources(type).includes(ACTIVITY_INFO_CALL);

function* walk(nodes: readonly RenderNode[] | undefined): Generator<RenderNode> {
  for (const node of nodes ?? []) {
    yield node;
    yield* walk(node.children);
  }
}

/** Up to SAMPLES_PER_TYPE nodes of each type (distinct props), with their document. */
function sampleNodes(): Map<string, { node: RenderNode; doc: CampaignDocument }[]> {
  const project = openCampaignProject(WIDGETS_DIR.replace(/widgets$/, 'campaigns'), {
    schema: createDocumentSchema(widgetDefinitions),
    widgetTypes: widgetDefinitions.map((widget) => widget.type),
    isKnownApi: isKnownApiName,
    apiNames: [...apiNames],
  });
  const samples = new Map<string, { node: RenderNode; doc: CampaignDocument }[]>();
  const seen = new Set<string>();
  for (const file of project.files) {
    if (!file.route) continue;
    const doc = project.compile(file.relativePath).document;
    if (!doc) continue;
    const dialogNodes = (doc.dialogs ?? []).flatMap((dialog) => dialog.body ?? []);
    for (const node of [...walk(doc.body), ...walk(dialogNodes)]) {
      const list = samples.get(node.type) ?? [];
      const key = `${node.type}:${JSON.stringify(node.props)}`;
      if (list.length >= SAMPLES_PER_TYPE || seen.has(key)) continue;
      seen.add(key);
      list.push({ node: { ...node, when: undefined } as RenderNode, doc });
      samples.set(node.type, list);
    }
  }
  return samples;
}

/**
 * Widgets that load data only with props no campaign sets yet: a node of the props schema, so
 * they are walked too (and a campaign that sets them later adds its own nodes).
 */
const EXTRA_NODES: Record<string, Record<string, unknown>> = {
  'product-list': { call: { name: 'configActivity.youpinGoods' } },
};

function extraNode(type: string): { node: RenderNode; doc: CampaignDocument } | null {
  const input = EXTRA_NODES[type];
  const definition = widgetDefinitions.find((widget) => widget.type === type);
  if (!input || !definition) return null;
  const props = definition.props.parse(input) as Record<string, unknown>;
  const doc = { version: 2, title: type, route: '/test', activity: { code: 'demo' } };
  return { node: { type, id: type, props } as RenderNode, doc: doc as CampaignDocument };
}

const FAULTS = {
  reset: () => new TypeError('Failed to fetch'),
  timeout: () => new TimeoutError('/mp/api/x', 10_000),
  server: () => new ApiError({ message: 'HTTP 500', code: null, status: 500, url: '/mp/api/x' }),
} as const;
type Fault = keyof typeof FAULTS;

async function renderFailing(
  node: RenderNode,
  doc: CampaignDocument,
  fault: Fault,
  failActivity: boolean,
) {
  const failing = { on: true };
  const services = createFakeServices({
    loggedIn: true,
    href: `https://m.example.com/mp/activity${doc.route}?id=1&productId=1&movieId=1`,
    apiHandler: (name) => {
      if (name === ACTIVITY_INFO_CALL && !(failActivity && failing.on))
        return {
          code: 1,
          result: { activityCode: doc.activity?.code ?? 'demo', status: 'ongoing', canShare: 1 },
        };
      if (failing.on) throw FAULTS[fault]();
      return { code: 0, result: null };
    },
  });
  const view = renderPage([node], {
    services,
    route: doc.route,
    document: { activity: doc.activity, route: doc.route } as Partial<CampaignDocument>,
  });
  const section = view.container.querySelector<HTMLElement>(`[data-widget="${node.type}"]`);
  const widgetCalls = () =>
    services.record.calls.filter((c) => failActivity || c.name !== ACTIVITY_INFO_CALL);
  // Let the widget's chunk and its first calls settle.
  await waitFor(() => expect(view.container.querySelector('[aria-busy="true"]')).toBeNull(), {
    timeout: 3000,
  }).catch(() => undefined);
  return { section, services, widgetCalls, failing };
}

describe('every API-bound widget shows a load error with a retry on a fault (issue 19)', () => {
  afterEach(cleanup);
  const bound = apiBoundTypes();
  const samples = sampleNodes();

  it('finds the API-bound widgets by their sources', () => {
    // The walk is only as good as this list: it must see the widgets known to load data.
    expect(bound).toEqual(expect.arrayContaining(['vote', 'address-form', 'task-list']));
  });

  /** Widgets whose load failures the spec says to ignore: §8 row 7, the user header's user info. */
  const SILENT_BY_SPEC = new Set(['user-header']);

  it('the user header stays silent on a fault: its defaults, no load error (spec §8 row 7)', async () => {
    const sample = samples.get('user-header')?.[0];
    if (!sample) throw new Error('no user-header node in campaigns/');
    const { node, doc } = sample;
    const { section, widgetCalls } = await renderFailing(node, doc, 'reset', false);
    await waitFor(() => expect(widgetCalls().length).toBeGreaterThan(0));
    // Time for the failure to settle and for a net to appear, were there one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(section!).queryAllByRole('alert')).toHaveLength(0);
    expect(within(section!).queryAllByRole('button', { name: UI_COPY.retry })).toHaveLength(0);
  });

  for (const type of bound.filter((name) => !SILENT_BY_SPEC.has(name))) {
    it(`${type}: each sampled node shows 重试 on a fault; one tap calls again and clears it`, async () => {
      const extra = extraNode(type);
      const nodes = [...(samples.get(type) ?? []), ...(extra ? [extra] : [])];
      expect(nodes.length, `${type} has no node in campaigns/ to check`).toBeGreaterThan(0);
      let loading = 0;
      for (const [index, { node, doc }] of nodes.entries()) {
        const fault = (Object.keys(FAULTS) as Fault[])[index % 3] ?? 'reset';
        const { section, widgetCalls, failing } = await renderFailing(
          node,
          doc,
          fault,
          readsActivity(type),
        );
        const before = widgetCalls().length;
        if (before === 0) {
          // Loads nothing on render with these props (its calls follow a tap): nothing to show.
          cleanup();
          continue;
        }
        loading += 1;
        expect(section, `${type} in ${doc.route}`).not.toBeNull();
        const [alert] = await within(section!).findAllByRole('alert', {}, { timeout: 3000 });
        if (!alert) throw new Error(`${type} in ${doc.route}: no alert`);
        expect(alert.textContent).toMatch(new RegExp(Object.values(UI_COPY.fault).join('|')));
        failing.on = false;
        fireEvent.click(within(alert).getByRole('button', { name: UI_COPY.retry }));
        await waitFor(() => expect(widgetCalls().length).toBeGreaterThan(before));
        // One tap sends every faulted call of the widget again: no load error is left.
        await waitFor(() =>
          expect(
            within(section!).queryAllByRole('button', { name: UI_COPY.retry }),
            `${type} in ${doc.route}`,
          ).toHaveLength(0),
        );
        cleanup();
      }
      // At least one sampled node of an API-bound widget loads on render, or it has no data
      // to lose (then it must not be in the list: its calls are taps, which toast).
      expect(loading, `${type}: no sampled node loads data on render`).toBeGreaterThan(0);
    });
  }
});
