import { describe, expect, it } from 'vitest';
import { appChunk, preloadOnlyWhatIsMissing } from './app-chunk';

/** A module graph as the bundler's getModuleInfo sees it: id → its static imports. */
function graph(edges: Record<string, string[]>) {
  return {
    getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id] ?? [] } : null),
  };
}

const modules = graph({
  '/src/boot.ts': ['/src/early-taps.ts'],
  '/src/early-taps.ts': [],
  '/src/main.tsx': ['/src/early-taps.ts', '/src/engine.ts', '/nm/react.js'],
  '/src/engine.ts': ['/nm/react.js'],
  '/nm/react.js': [],
  '/widgets/a/a.tsx': ['/kit/states.tsx', '/kit/lock.ts', '/nm/qr.js', '/src/engine.ts'],
  '/widgets/b/b.tsx': ['/kit/states.tsx', '/kit/lock.ts', '/nm/qr.js'],
  '/widgets/c/c.tsx': ['/kit/states.tsx', '/only-c.ts'],
  '/kit/states.tsx': ['/kit/states.css'],
  '/kit/states.css': [],
  '/kit/lock.ts': [],
  '/nm/qr.js': [],
  '/only-c.ts': [],
});

function membersOf(options: Parameters<typeof appChunk>[1]): ReadonlySet<string> {
  let members: ReadonlySet<string> = new Set();
  const name = appChunk('/src/main.tsx', { ...options, onMembers: (all) => (members = all) });
  name('/src/main.tsx', modules);
  return members;
}

describe('appChunk', () => {
  it("holds the start module's static closure without the entry's own imports", () => {
    const name = appChunk('/src/main.tsx', { entry: '/src/boot.ts' });
    expect(name('/src/engine.ts', modules)).toBe('main');
    expect(name('/nm/react.js', modules)).toBe('main');
    expect(name('/src/early-taps.ts', modules)).toBeNull();
    expect(name('/kit/states.tsx', modules)).toBeNull();
  });

  it('moves in what at least minWidgets widgets import, never what keepOut names (decision 0032)', () => {
    const members = membersOf({
      entry: '/src/boot.ts',
      shared: {
        widgets: ['/widgets/a/a.tsx', '/widgets/b/b.tsx', '/widgets/c/c.tsx'],
        minWidgets: 2,
        keepOut: (id) => id.startsWith('/nm/'),
      },
    });
    expect(members.has('/kit/states.tsx')).toBe(true);
    expect(members.has('/kit/states.css')).toBe(true);
    expect(members.has('/kit/lock.ts')).toBe(true);
    // One widget's own module, a kept-out library and the widgets themselves stay lazy.
    expect(members.has('/only-c.ts')).toBe(false);
    expect(members.has('/nm/qr.js')).toBe(false);
    expect(members.has('/widgets/a/a.tsx')).toBe(false);
  });

  it('counts widgets, not imports: a threshold above the sharing leaves the module out', () => {
    const members = membersOf({
      shared: { widgets: ['/widgets/a/a.tsx', '/widgets/b/b.tsx'], minWidgets: 3 },
    });
    expect(members.has('/kit/states.tsx')).toBe(false);
    expect(members.has('/src/engine.ts')).toBe(true);
  });

  it('never assigns a stylesheet to the chunk', () => {
    const name = appChunk('/src/main.tsx', {
      shared: { widgets: ['/widgets/a/a.tsx', '/widgets/b/b.tsx'], minWidgets: 2 },
    });
    expect(name('/kit/states.tsx', modules)).toBe('main');
    expect(name('/kit/states.css', modules)).toBeNull();
  });
});

describe('preloadOnlyWhatIsMissing', () => {
  const resolve = preloadOnlyWhatIsMissing({
    entry: /(^|\/)app-[\w-]{8}\.js$/,
    app: /(^|\/)(main|rolldown-runtime)-[\w-]{8}\.js$/,
  });
  const fromApp = { hostId: 'assets/main-DgQUt6yp.js', hostType: 'js' as const };

  it('gives no hints for a chunk that imports only what every page has loaded', () => {
    expect(
      resolve(
        'assets/button-CPqW_-p2.js',
        [
          'assets/main-DgQUt6yp.js',
          'assets/button-CPqW_-p2.js',
          'assets/rolldown-runtime-WkwZ5CU-.js',
        ],
        fromApp,
      ),
    ).toEqual([]);
  });

  it('hints the chunk and its missing imports together, so they load in parallel', () => {
    expect(
      resolve(
        'assets/action-runtime-C3dFDYhX.js',
        [
          'assets/main-DgQUt6yp.js',
          'assets/action-runtime-C3dFDYhX.js',
          'assets/rolldown-runtime-WkwZ5CU-.js',
          'assets/url-policy-CinUZBnR.js',
        ],
        fromApp,
      ),
    ).toEqual(['assets/action-runtime-C3dFDYhX.js', 'assets/url-policy-CinUZBnR.js']);
  });

  it("keeps the entry's hints for the app: its chunks load in parallel, not one after another", () => {
    expect(
      resolve(
        'assets/main-B6Q8B3N7.js',
        [
          'assets/main-B6Q8B3N7.js',
          'assets/main-DgQUt6yp.js',
          'assets/rolldown-runtime-WkwZ5CU-.js',
        ],
        { hostId: 'assets/app-U-cweOqC.js', hostType: 'js' },
      ),
    ).toEqual([
      'assets/main-B6Q8B3N7.js',
      'assets/main-DgQUt6yp.js',
      'assets/rolldown-runtime-WkwZ5CU-.js',
    ]);
  });

  it('does not take a widget whose name starts like a chunk loaded first for one', () => {
    expect(
      resolve(
        'assets/app-links-D1cI9kqe.js',
        ['assets/app-links-D1cI9kqe.js', 'assets/mainly-Xx1234567.js'],
        fromApp,
      ),
    ).toEqual(['assets/app-links-D1cI9kqe.js', 'assets/mainly-Xx1234567.js']);
  });
});
