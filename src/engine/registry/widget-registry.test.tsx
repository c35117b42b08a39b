import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { WidgetComponentProps } from './widget-component';
import type { WidgetMeta } from './widget-definition';
import { WidgetRegistry } from './widget-registry';

const meta = {} as WidgetMeta;

function Hello({ nodeId }: WidgetComponentProps<never>) {
  return <p>hello {nodeId}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

function renderWidget(registry: WidgetRegistry, type: string) {
  const Widget = registry.component(type);
  if (!Widget) throw new Error(`no ${type}`);
  return render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Widget props={undefined as never} nodeId="n1" emit={async () => undefined} />
      </Suspense>
    </Boundary>,
  );
}

describe('WidgetRegistry', () => {
  it('renders a preloaded widget in the first pass, without a fallback (one commit)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const registry = new WidgetRegistry([['hello', { meta, load }]]);
    await registry.preload(['hello']);
    renderWidget(registry, 'hello');
    // No findBy: the content is there right after render, and the fallback never was.
    expect(screen.getByText('hello n1')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while a chunk that was not preloaded loads', async () => {
    const registry = new WidgetRegistry([
      ['hello', { meta, load: () => Promise.resolve({ default: Hello }) }],
    ]);
    renderWidget(registry, 'hello');
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('hello n1')).toBeTruthy();
  });

  it('fetches each chunk once for preloads and the first render', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const registry = new WidgetRegistry([['hello', { meta, load }]]);
    await registry.preload(['hello', 'hello', 'unknown']);
    await registry.preload(['hello']);
    renderWidget(registry, 'hello');
    expect(screen.getByText('hello n1')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives a failed preload one fresh try at render; a second failure reaches the boundary', async () => {
    const load = vi.fn(() => Promise.reject(new Error('chunk gone')));
    const registry = new WidgetRegistry([['broken', { meta, load }]]);
    await registry.preload(['broken']);
    renderWidget(registry, 'broken');
    expect(await screen.findByText('failed: chunk gone')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders after a failed preload when the fresh try succeeds', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: Hello });
    const registry = new WidgetRegistry([['hello', { meta, load }]]);
    await registry.preload(['hello']);
    renderWidget(registry, 'hello');
    expect(await screen.findByText('hello n1')).toBeTruthy();
  });

  it('has no component for a type it does not know, "__proto__" included', () => {
    const registry = new WidgetRegistry([]);
    expect(registry.component('__proto__')).toBeUndefined();
    expect(registry.get('constructor')).toBeUndefined();
  });
});

describe('WidgetRegistry, widget parts (decision 0036)', () => {
  it("loads the parts a document names with their widget's chunk, and no other", async () => {
    const parts = { 'hello/big': vi.fn(() => Promise.resolve()), 'hello/other': vi.fn() };
    const registry = new WidgetRegistry([
      ['hello', { meta, load: () => Promise.resolve({ default: Hello, parts }) }],
    ]);
    registry.needParts(['hello/big', 'unknown/part']);
    await registry.preload(['hello']);
    expect(parts['hello/big']).toHaveBeenCalledTimes(1);
    expect(parts['hello/other']).not.toHaveBeenCalled();
    expect(registry.loaded('hello')).toBe(Hello);
  });

  it('a type loaded without a part a later document needs counts as loaded once the part is', async () => {
    let resolvePart = () => undefined as void;
    const part = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          resolvePart = resolve;
        }),
    );
    const registry = new WidgetRegistry([
      [
        'hello',
        { meta, load: () => Promise.resolve({ default: Hello, parts: { 'hello/big': part } }) },
      ],
    ]);
    await registry.preload(['hello']);
    expect(registry.loaded('hello')).toBe(Hello);
    registry.needParts(['hello/big']);
    // The same part again changes nothing.
    registry.needParts(['hello/big']);
    expect(registry.loaded('hello')).toBeUndefined();
    const loading = registry.preload(['hello']);
    await Promise.resolve();
    await Promise.resolve();
    expect(part).toHaveBeenCalledTimes(1);
    resolvePart();
    await loading;
    expect(registry.loaded('hello')).toBe(Hello);
  });

  it("a part that fails to load fails its widget's chunk: the boundary shows it", async () => {
    const registry = new WidgetRegistry([
      [
        'hello',
        {
          meta,
          load: () =>
            Promise.resolve({
              default: Hello,
              parts: { 'hello/big': () => Promise.reject(new Error('part gone')) },
            }),
        },
      ],
    ]);
    registry.needParts(['hello/big']);
    await registry.preload(['hello']);
    expect(registry.loaded('hello')).toBeUndefined();
    renderWidget(registry, 'hello');
    expect(await screen.findByText('failed: part gone')).toBeTruthy();
  });
});
