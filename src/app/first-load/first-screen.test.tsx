import { act, StrictMode, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import type { CampaignDocument } from '../../engine/document/types';
import { CampaignPage } from '../../engine/page/campaign-page';
import { WidgetRegistry, WidgetRegistryProvider } from '../../engine/registry/widget-registry';
import type { WidgetComponentProps } from '../../engine/registry/widget-component';
import { ServicesProvider } from '../../services/context';
import { createFakeServices } from '../../../tests/support/fake-services';
import { FirstLoadContext } from '../../engine/render/first-load';
import { createFirstLoad, NOTHING_WAITS, type AppFirstLoad } from './first-load';
import { planFirstScreen, watchFirstScreen } from './first-screen';
import { firstScreenTypes } from './first-screen-types';

/** A widget with state and a handler, so a test sees whether it hydrated. */
function Counter({ props }: WidgetComponentProps<{ label: string }>) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <button type="button" onClick={() => setCount(count + 1)}>
        {props.label} {count}
      </button>
      <input aria-label={props.label} defaultValue="" />
    </div>
  );
}

function Text({ props }: WidgetComponentProps<{ text: string }>) {
  return <p>{props.text}</p>;
}

const meta = { prerender: 'render' } as never;

function registryWith(loads: string[]) {
  const widget = (type: string, component: unknown) => ({
    meta,
    load: () => {
      loads.push(type);
      return Promise.resolve({ default: component as never });
    },
  });
  return new WidgetRegistry([
    ['text', widget('text', Text)],
    ['counter', widget('counter', Counter)],
  ]);
}

const doc = {
  version: 2,
  title: 't',
  route: '/t',
  body: [
    { type: 'text', id: 'top', props: { text: 'first screen' } },
    { type: 'counter', id: 'below', props: { label: 'tap' } },
  ],
  widgetTypes: ['text', 'counter'],
  initialWidgetTypes: ['text', 'counter'],
} as unknown as CampaignDocument;

function page(
  services: ReturnType<typeof createFakeServices>,
  registry: WidgetRegistry,
  firstLoad: AppFirstLoad = NOTHING_WAITS,
): ReactNode {
  return (
    <ServicesProvider services={services}>
      <WidgetRegistryProvider registry={registry}>
        <FirstLoadContext.Provider value={firstLoad}>
          <SWRConfig value={{ provider: () => new Map() }}>
            <MemoryRouter initialEntries={['/t']}>
              <Routes>
                <Route path="*" element={<CampaignPage document={doc} />} />
              </Routes>
            </MemoryRouter>
          </SWRConfig>
        </FirstLoadContext.Provider>
      </WidgetRegistryProvider>
    </ServicesProvider>
  );
}

/** The page prerendered, in a document, laid out with `below` under a 800 px tall first screen. */
async function prerendered() {
  const server = registryWith([]);
  await server.preload(['text', 'counter']);
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(createFakeServices(), server));
  document.body.append(container);
  for (const section of container.querySelectorAll<HTMLElement>('section[data-node-id]')) {
    const top = section.dataset.nodeId === 'below' ? 2000 : 0;
    section.getBoundingClientRect = () => ({ top, bottom: top + 300 }) as DOMRect;
  }
  return container;
}

/** Sections the page watches; `near` plays the visitor scrolling one into reach. */
const watched = new Set<Element>();
let near: (section: Element) => void = () => undefined;
class FakeIntersectionObserver {
  constructor(callback: (entries: { isIntersecting: boolean; target: Element }[]) => void) {
    near = (target) => callback([{ isIntersecting: true, target }]);
  }
  observe(section: Element) {
    watched.add(section);
  }
  unobserve(section: Element) {
    watched.delete(section);
  }
}
vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

async function hydrateWithPlan(
  container: HTMLElement,
  { releasedBeforeHydration = false, strict = false } = {},
) {
  const loads: string[] = [];
  const registry = registryWith(loads);
  const services = createFakeServices();
  // The visitor's first touch, when the test says (the fake clock's would come at once).
  const intents: (() => void)[] = [];
  services.clock.whenIntent = (fn) => {
    intents.push(fn);
    return () => undefined;
  };
  const fireIntent = () => intents.splice(0).forEach((fn) => fn());
  const types = firstScreenTypes(container, 800);
  const deferred = planFirstScreen(container, types);
  const firstLoad = createFirstLoad(deferred);
  await firstLoad.preload(doc, registry);
  const before = container.querySelector('[data-node-id="below"]')!.innerHTML;
  // The visitor acts while the page is still hydrating, before the waiting node rendered.
  if (releasedBeforeHydration) deferred.releaseAll();
  const errors: unknown[] = [];
  await act(async () => {
    const app = page(services, registry, firstLoad);
    hydrateRoot(container, strict ? <StrictMode>{app}</StrictMode> : app, {
      onRecoverableError: (error) => errors.push(error),
    });
  });
  await watchFirstScreen(container, deferred, services.clock, window);
  return { loads, deferred, before, errors, fireIntent };
}

describe('the first screen of a prerendered page (decision 0026)', () => {
  it('finds the types on the first screen (a quarter screen ahead included)', async () => {
    const container = await prerendered();
    expect(firstScreenTypes(container, 800)).toEqual(new Set(['text']));
    expect(firstScreenTypes(container, 1700)).toEqual(new Set(['text', 'counter']));
    container.remove();
  });

  it('a node below it keeps its markup, loads nothing and hydrates no mismatch until released', async () => {
    const container = await prerendered();
    const { loads, deferred, before, errors } = await hydrateWithPlan(container);
    expect(loads).toEqual(['text']);
    expect(errors).toEqual([]);
    const below = container.querySelector<HTMLElement>('[data-node-id="below"]')!;
    expect(below.innerHTML).toBe(before);
    expect(deferred.isFrozen('below')).toBe(true);
    // Its button has no handler yet; once released, the widget renders for real.
    await act(async () => {
      deferred.release('below');
      await Promise.resolve();
    });
    expect(loads).toEqual(['text', 'counter']);
    expect(deferred.isFrozen('below')).toBe(false);
    await act(async () => below.querySelector('button')!.click());
    expect(below.textContent).toContain('tap 1');
    container.remove();
  });

  it('a node released as the visitor scrolls near it (no touch: a wheel, a scroll bar)', async () => {
    const container = await prerendered();
    const { loads, deferred } = await hydrateWithPlan(container);
    const below = container.querySelector<HTMLElement>('[data-node-id="below"]')!;
    expect(watched.has(below)).toBe(true);
    await act(async () => {
      near(below);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads).toEqual(['text', 'counter']);
    expect(deferred.isFrozen('below')).toBe(false);
    expect(watched.has(below)).toBe(false);
    container.remove();
  });

  it('a tap on waiting markup is held and replayed once the node renders; typed text is kept', async () => {
    const container = await prerendered();
    const { deferred } = await hydrateWithPlan(container);
    const below = container.querySelector<HTMLElement>('[data-node-id="below"]')!;
    const input = below.querySelector('input')!;
    input.value = 'typed before';
    input.focus();
    const navigated = vi.fn();
    container.addEventListener('click', navigated);
    await act(async () => {
      below.querySelector('button')!.click();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(deferred.isFrozen('below')).toBe(false);
    expect(below.textContent).toContain('tap 1');
    const rendered = below.querySelector('input')!;
    expect(rendered).not.toBe(input);
    expect(rendered.value).toBe('typed before');
    expect(document.activeElement).toBe(rendered);
    container.remove();
  });

  it('the first sign of intent releases every waiting node (decision 0016)', async () => {
    const container = await prerendered();
    const { loads, deferred, fireIntent } = await hydrateWithPlan(container);
    expect(loads).toEqual(['text']);
    await act(async () => {
      fireIntent();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads).toContain('counter');
    expect(deferred.isFrozen('below')).toBe(false);
    container.remove();
  });

  it('a node released before its first render (a tap while the page hydrates) hydrates its markup, then renders for real', async () => {
    const container = await prerendered();
    const { loads, deferred, errors } = await hydrateWithPlan(container, {
      releasedBeforeHydration: true,
    });
    // No mismatch: the node hydrated as the server's markup, not as a widget still loading.
    expect(errors).toEqual([]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(loads).toEqual(['text', 'counter']);
    expect(deferred.isFrozen('below')).toBe(false);
    const below = container.querySelector<HTMLElement>('[data-node-id="below"]')!;
    await act(async () => below.querySelector('button')!.click());
    expect(below.textContent).toContain('tap 1');
    container.remove();
  });

  it('a node rendered twice before it mounts (StrictMode; a render React throws away when a tap interrupts hydration) hydrates its markup both times', async () => {
    const container = await prerendered();
    const { loads, deferred, before, errors } = await hydrateWithPlan(container, { strict: true });
    expect(errors).toEqual([]);
    expect(loads).toEqual(['text']);
    expect(deferred.isFrozen('below')).toBe(true);
    expect(container.querySelector('[data-node-id="below"]')!.innerHTML).toBe(before);
    container.remove();
  });

  it('a type no node of the painted page has (a node for some visitors only) waits for the first intent', async () => {
    const container = await prerendered();
    const deferred = planFirstScreen(container, firstScreenTypes(container, 800));
    const loads: string[] = [];
    const registry = registryWith(loads);
    // 'nfc-only' stands for a node whose `when` the build's visitor does not meet.
    expect(deferred.waits('nfc-only')).toBe(true);
    expect(deferred.waits('text')).toBe(false);
    const initialWidgetTypes = ['text', 'counter', 'nfc-only'];
    await createFirstLoad(deferred).preload({ ...doc, initialWidgetTypes }, registry);
    expect(loads).toEqual(['text']);
    deferred.releaseAll();
    expect(deferred.waits('nfc-only')).toBe(false);
    container.remove();
  });

  it('loads the chunk that keeps typed text only where the waiting markup has form fields', async () => {
    vi.resetModules();
    let loaded = 0;
    vi.doMock('./first-screen-fields', async (importOriginal) => {
      loaded += 1;
      return importOriginal();
    });
    const { watchFirstScreen: watch } = await import('./first-screen');
    const { DeferredNodes } = await import('./deferred-nodes');
    const { clock } = createFakeServices();
    const root = document.createElement('div');
    root.innerHTML = '<section data-node-id="a" data-widget="text"><p>x</p></section>';
    await watch(root, new DeferredNodes(new Map([['a', '<p>x</p>']]), ['text']), clock, window);
    expect(loaded).toBe(0);
    root.innerHTML = '<section data-node-id="b" data-widget="form"><p><input></p></section>';
    await watch(
      root,
      new DeferredNodes(new Map([['b', '<p><input></p>']]), ['form']),
      clock,
      window,
    );
    expect(loaded).toBe(1);
    vi.doUnmock('./first-screen-fields');
  });
});
