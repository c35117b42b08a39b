import { describe, expect, it } from 'vitest';
import { headTags } from '../engine/prerender/head-tags';
import { APP_LOADER_SCRIPT } from '../contracts/site/app-loader';
import { pageFileOf, pageHtml } from './prerender';

const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <title>活动</title>
    <script type="module" crossorigin src="/mp/activity/assets/app.js"></script>
  </head>
  <body>
    <div id="root">
      <main class="ce-screen ce-screen--loading" aria-busy="true" aria-label="加载中"></main>
    </div>
    <script>/* after root */</script>
  </body>
</html>`;

const page = {
  markup:
    '<link rel="preload" as="image" href="/mp/activity/banner.png" fetchPriority="high"/><main class="ce-page">hi</main>',
  snapshot: { href: 'https://prerender.invalid/mp/activity/x', now: 1 },
  title: '<title>抽奖</title>',
  meta: '<meta property="og:title" content="抽奖">',
  htmlStyle: 'font-size:calc(min(100vw, 414px) * 0.1)',
};

describe('a prerendered page', () => {
  const html = pageHtml(TEMPLATE, page, ['assets/w.js', 'assets/w.css'], '/mp/activity/');

  it('fills #root with the markup and the snapshot it was rendered against', () => {
    expect(html).toContain(
      '<div id="root" data-prerender="{&quot;href&quot;:&quot;https://prerender.invalid/mp/activity/x&quot;,&quot;now&quot;:1}"><main class="ce-page">hi</main></div>',
    );
    expect(html).not.toContain('ce-screen--loading');
    expect(html).toContain('<script>/* after root */</script>');
  });

  it('moves the render’s resource hints (the LCP image preload) into <head>', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="preload" as="image" href="/mp/activity/banner.png" fetchPriority="high">',
    );
    expect(html.slice(html.indexOf('<body>'))).not.toContain('rel="preload"');
  });

  it('has the document’s title, tags, root font size and stylesheets, and no script hint', () => {
    expect(html).toContain('<title>抽奖</title>');
    expect(html).not.toContain('<title>活动</title>');
    expect(html).toContain('<meta property="og:title" content="抽奖">');
    expect(html).toContain('<html lang="zh-CN" style="font-size:calc(min(100vw, 414px) * 0.1)">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/mp/activity/assets/w.css">');
    expect(html).not.toContain('modulepreload');
  });

  it('starts its entry from the inline loader after the first paint, not from a script tag (decision 0029)', () => {
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<meta name="ce-app-entry" content="/mp/activity/assets/app.js">');
    const body = html.slice(html.indexOf('<body>'));
    expect(body).toContain(`</div>\n    <script>${APP_LOADER_SCRIPT}</script>`);
    expect(() =>
      pageHtml(TEMPLATE.replace(/<script type="module"[^>]*><\/script>/, ''), page, [], '/'),
    ).toThrow(/entry script/);
  });

  it("names widget scripts in a data block, not as hints: the entry fetches the first screen's (decision 0026)", () => {
    const withWidgets = pageHtml(
      TEMPLATE,
      page,
      ['_documents/x.json', 'assets/app.js', 'assets/lucky-draw.js', 'assets/shared.js'],
      '/mp/activity/',
      {
        'lucky-draw': ['assets/lucky-draw.js', 'assets/shared.js'],
        '<x>': ['assets/</script>.js'],
      },
    );
    expect(withWidgets).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/mp/activity/_documents/x.json">',
    );
    expect(withWidgets).not.toContain('modulepreload');
    const block = /<script type="application\/json" id="ce-widget-chunks">(.*?)<\/script>/.exec(
      withWidgets,
    );
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual({
      'lucky-draw': ['/mp/activity/assets/lucky-draw.js', '/mp/activity/assets/shared.js'],
      '<x>': ['/mp/activity/assets/</script>.js'],
    });
    // Nothing in the data can end its element early.
    expect(block?.[1]).not.toContain('<');
  });

  it('refuses a template without a root to fill', () => {
    expect(() => pageHtml('<html><body></body></html>', page, [], '/')).toThrow(/#?root/);
  });

  it('names a route’s file', () => {
    expect(pageFileOf('/')).toBe('pages/index.html');
    expect(pageFileOf('/contract/record')).toBe('pages/contract/record.html');
    // A "_" folder, which no route can have (route-table.ts).
    expect(pageFileOf('/', { loggedIn: true })).toBe('pages/_logged-in/index.html');
    expect(pageFileOf('/contract/record', { loggedIn: true })).toBe(
      'pages/_logged-in/contract/record.html',
    );
  });
});

describe('link-preview tags', () => {
  it('come from the document, escaped', () => {
    const tags = headTags({
      title: '</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
      share: { enabled: true, imageUrl: 'https://cdn.example/share.png' },
    });
    expect(tags.title).toBe('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(tags.meta).not.toMatch(/<script|<img/);
    expect(tags.meta).toContain('content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    expect(tags.meta).toContain(
      '<meta property="og:image" content="https://cdn.example/share.png">',
    );
    expect(tags.meta).toContain('<meta itemprop="image" content="https://cdn.example/share.png">');
  });

  it('prefer the share title and description; skip an image that is not absolute https', () => {
    const tags = headTags({
      title: '页面',
      description: '页面说明',
      share: { enabled: true, title: '分享标题', description: '分享说明', imageUrl: '/x.png' },
    });
    expect(tags.title).toBe('<title>页面</title>');
    expect(tags.meta).toContain('<meta property="og:title" content="分享标题">');
    expect(tags.meta).toContain('<meta name="description" content="分享说明">');
    expect(tags.meta).not.toContain('og:image');
  });
});
