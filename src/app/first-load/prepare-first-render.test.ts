import { describe, expect, it, vi } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';
import type { CampaignDocument } from '../../engine/document/types';
import { WidgetRegistry } from '../../engine/registry/widget-registry';
import { DocumentCache } from '../../engine/routes/document-cache';
import { prepareFirstRender } from './prepare-first-render';

function Nothing() {
  return null;
}

const doc = (extra: Partial<CampaignDocument> = {}) =>
  ({
    version: 2,
    title: 'T',
    route: '/luckDraw',
    body: [],
    widgetTypes: ['first', 'in-dialog'],
    initialWidgetTypes: ['first'],
    activity: { code: 'demo-draw' },
    ...extra,
  }) as CampaignDocument;

function setup(document: Promise<CampaignDocument>) {
  const services = createFakeServices();
  const loads: string[] = [];
  const widget = (type: string) => ({
    meta: {} as never,
    load: () => {
      loads.push(type);
      return Promise.resolve({ default: Nothing });
    },
  });
  const registry = new WidgetRegistry([
    ['first', widget('first')],
    ['in-dialog', widget('in-dialog')],
  ]);
  const loader = vi.fn(() => document.then((value) => ({ default: value })));
  const documents = new DocumentCache(new Map([['/luckDraw', loader]]), services.clock);
  return { services, registry, documents, loads, loader };
}

describe('prepareFirstRender', () => {
  it('loads the document, the widgets a first render mounts and starts the activity call', async () => {
    const { services, registry, documents, loads } = setup(Promise.resolve(doc()));
    await prepareFirstRender('/luckDraw', { documents, registry, api: services.api });
    expect(loads).toEqual(['first']);
    expect(services.record.calls).toEqual([
      { name: 'configActivity.getSingleConfigActivity4c', params: { activityCode: 'demo-draw' } },
    ]);
    // The page's own render then reads the document without suspending.
    expect(documents.load('/luckDraw')).toMatchObject({ status: 'fulfilled' });
  });

  it('loads no widgets and calls nothing for a redirect document', async () => {
    const redirect = doc({ redirect: { to: '/luckdrawPage' } } as Partial<CampaignDocument>);
    const { services, registry, documents, loads } = setup(Promise.resolve(redirect));
    await prepareFirstRender('/luckDraw', { documents, registry, api: services.api });
    expect(loads).toEqual([]);
    expect(services.record.calls).toEqual([]);
  });

  it('never rejects: a document that fails is left for the route boundary to show', async () => {
    const { services, registry, documents, loader } = setup(Promise.reject(new Error('gone')));
    await expect(
      prepareFirstRender('/luckDraw', { documents, registry, api: services.api }),
    ).resolves.toBeUndefined();
    expect(loader).toHaveBeenCalledTimes(1);
    expect(documents.load('/luckDraw')).toMatchObject({ status: 'rejected' });
  });

  it('does nothing for an unknown route or a path outside the base path', async () => {
    const { services, registry, documents, loader } = setup(Promise.resolve(doc()));
    await prepareFirstRender('/nope', { documents, registry, api: services.api });
    await prepareFirstRender(null, { documents, registry, api: services.api });
    expect(loader).not.toHaveBeenCalled();
  });
});
