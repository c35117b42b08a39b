import { describe, expect, it } from 'vitest';
import { routePreloads, widgetChunks, type Bundle } from './route-preloads';

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  isEntry,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe('routePreloads', () => {
  const bundle: Bundle = {
    'assets/app.js': chunk(
      'assets/app.js',
      '/p/index.html',
      ['assets/runtime.js'],
      ['assets/app.css'],
      true,
    ),
    'assets/runtime.js': chunk('assets/runtime.js', null),
    'assets/luckDraw.js': chunk(
      'assets/luckDraw.js',
      '/p/campaigns/luckDraw.json?campaign-document',
      ['assets/runtime.js'],
    ),
    'assets/lucky-draw.js': chunk(
      'assets/lucky-draw.js',
      '/p/widgets/lucky-draw/lucky-draw.tsx',
      ['assets/helpers.js', 'assets/runtime.js'],
      ['assets/lucky-draw.css'],
    ),
    'assets/helpers.js': chunk('assets/helpers.js', null, [], ['assets/helpers.css']),
    'assets/rich-text.js': chunk('assets/rich-text.js', '/p/widgets/rich-text/rich-text.tsx'),
    'assets/app.css': { type: 'asset', fileName: 'assets/app.css' },
  };

  it("lists a route's document, its first widgets, what they import and their CSS, minus the entry's", () => {
    const result = routePreloads(
      bundle,
      new Map([
        [
          '/luckDraw',
          {
            moduleId: '/p/campaigns/luckDraw.json?campaign-document',
            initialWidgetModuleIds: ['/p/widgets/lucky-draw/lucky-draw.tsx'],
          },
        ],
      ]),
    );
    expect(result).toEqual({
      '/luckDraw': [
        'assets/luckDraw.js',
        'assets/lucky-draw.js',
        'assets/helpers.js',
        'assets/lucky-draw.css',
        'assets/helpers.css',
      ],
    });
  });

  it("lists each first-render widget's own scripts, without the app's, for the entry to pick from (decision 0026)", () => {
    const result = widgetChunks(
      bundle,
      new Map([
        [
          '/luckDraw',
          {
            documentFile: '_documents/luckDraw.json',
            initialWidgetModuleIds: [
              '/p/widgets/lucky-draw/lucky-draw.tsx',
              '/p/widgets/rich-text/rich-text.tsx',
              '/p/widgets/gone/gone.tsx',
            ],
          },
        ],
      ]),
    );
    expect(result).toEqual({
      '/luckDraw': {
        'lucky-draw': ['assets/lucky-draw.js', 'assets/helpers.js'],
        'rich-text': ['assets/rich-text.js'],
      },
    });
  });

  it("lists a widget's parts with its own scripts (decision 0036)", () => {
    const withPart: Bundle = {
      ...bundle,
      'assets/grid-view.js': chunk('assets/grid-view.js', '/p/widgets/lucky-draw/grid-view.tsx', [
        'assets/helpers.js',
      ]),
    };
    const result = widgetChunks(
      withPart,
      new Map([
        [
          '/grid',
          {
            initialWidgetModuleIds: [
              '/p/widgets/lucky-draw/lucky-draw.tsx',
              '/p/widgets/lucky-draw/grid-view.tsx',
            ],
          },
        ],
      ]),
    );
    expect(result).toEqual({
      '/grid': {
        'lucky-draw': ['assets/lucky-draw.js', 'assets/helpers.js', 'assets/grid-view.js'],
      },
    });
  });

  it('skips modules the bundle does not have', () => {
    const result = routePreloads(
      bundle,
      new Map([
        ['/x', { moduleId: '/p/campaigns/x.json?campaign-document', initialWidgetModuleIds: [] }],
      ]),
    );
    expect(result).toEqual({ '/x': [] });
  });

  it('puts the app the entry starts (a dynamic import, src/app/boot.ts) first on every route', () => {
    const booted: Bundle = {
      ...bundle,
      'assets/app.js': {
        ...chunk('assets/app.js', '/p/index.html', [], [], true),
        dynamicImports: ['assets/main.js'],
      },
      'assets/main.js': chunk('assets/main.js', '/p/src/app/main.tsx', ['assets/react.js']),
      'assets/react.js': chunk('assets/react.js', null),
    };
    const result = routePreloads(
      booted,
      new Map([
        ['/x', { moduleId: '/p/widgets/rich-text/rich-text.tsx', initialWidgetModuleIds: [] }],
      ]),
    );
    expect(result['/x']?.slice(0, 3)).toEqual([
      'assets/main.js',
      'assets/react.js',
      'assets/rich-text.js',
    ]);
  });
});
