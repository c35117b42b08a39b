import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserEnvironment } from '../../tests/support/fake-services';
import { redirectTarget } from '../contracts/site/redirect-target';
import { openProject } from './campaign-context';

describe('initialWidgetTypes: the chunks a first render needs', () => {
  it('leave out dialogs and the closed tabs of the home page', () => {
    const { document } = openProject().compile('index.json');
    expect(document?.widgetTypes).toContain('coupon-list');
    expect(document?.widgetTypes).toContain('rich-text');
    // coupon-list is the second tab's panel; rich-text only appears in the rules dialog.
    expect(document?.initialWidgetTypes).not.toContain('coupon-list');
    expect(document?.initialWidgetTypes).not.toContain('rich-text');
    expect(document?.initialWidgetTypes).toEqual(
      expect.arrayContaining(['user-header', 'sign-in', 'tabs', 'gold-rice']),
    );
  });

  it('follow the tab that opens first (defaultIndex, clamped to the last tab)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'initial-types-'));
    const page = (defaultIndex: number) => ({
      version: 2,
      title: 't',
      body: [
        {
          type: 'tabs',
          props: { tabs: [{ title: 'a' }, { title: 'b' }], defaultIndex },
          children: [
            { type: 'rich-text', props: { content: ['x'] } },
            {
              type: 'container',
              props: {},
              children: [{ type: 'button', props: { label: 'go' } }],
            },
          ],
        },
      ],
    });
    writeFileSync(join(dir, 'first.json'), JSON.stringify(page(0)));
    writeFileSync(join(dir, 'last.json'), JSON.stringify(page(9)));
    const project = openProject(dir);
    const first = project.compile('first.json');
    expect(first.diagnostics).toEqual([]);
    expect(first.document?.initialWidgetTypes).toEqual(['rich-text', 'tabs']);
    expect(project.compile('last.json').document?.initialWidgetTypes).toEqual([
      'button',
      'container',
      'tabs',
    ]);
  });
});

describe('compiled documents', () => {
  const project = openProject();

  it('resolve templates, apply defaults and list the widgets they use', () => {
    const { document, diagnostics } = project.compile('tongchengFeb.json');
    expect(diagnostics).toEqual([]);
    expect(document?.route).toBe('/tongchengFeb');
    expect(document?.title).toBe('二月出行季');
    const claim = document?.body?.find((node) => node.id === 'claim');
    expect(claim?.props).toMatchObject({
      label: '领取二月出行券',
      variant: 'primary',
      fullWidth: true,
    });
    expect(claim?.on?.click?.[0]).toMatchObject({ type: 'api' });
    expect(document?.widgetTypes).toEqual(['button', 'image-list', 'lead-form', 'rich-text']);
    expect(document).not.toHaveProperty('extends');
  });

  it('/goldCloseBy redirects to the lucky-draw page: id 345 on m. hosts, else 173 (spec §2)', () => {
    const { document } = project.compile('goldCloseBy.json');
    const redirect = document?.redirect;
    expect(redirect).toBeDefined();
    if (!redirect) return;
    const at = (hostname: string) =>
      redirectTarget(redirect, {
        env: browserEnvironment,
        loggedIn: false,
        now: 0,
        hostname,
        query: new URLSearchParams(),
        scope: {},
      });
    expect(at('m.example.com')).toBe('/luckdrawPage?id=345&from=goldCloseBy');
    expect(at('www.example.com')).toBe('/luckdrawPage?id=173&from=goldCloseBy');
    expect(at('am.example.com')).toBe('/luckdrawPage?id=173&from=goldCloseBy');
  });
});

describe('widgetParts: the parts of widgets a page renders with (decision 0036)', () => {
  it('names the parts that nodes of the body and dialogs need, and none for other pages', () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-parts-'));
    writeFileSync(
      join(dir, 'parts.json'),
      JSON.stringify({
        version: 2,
        title: 't',
        activity: { code: 'demo' },
        body: [
          {
            type: 'container',
            props: {},
            children: [{ type: 'sign-in', props: { calendar: 'month' } }],
          },
        ],
        dialogs: [
          { id: 'd', title: 'd', body: [{ type: 'image-list', props: { source: 'activity' } }] },
        ],
      }),
    );
    writeFileSync(
      join(dir, 'plain.json'),
      JSON.stringify({
        version: 2,
        title: 't',
        activity: { code: 'demo' },
        body: [
          { type: 'sign-in', props: {} },
          { type: 'image-list', props: { images: [] } },
        ],
      }),
    );
    const project = openProject(dir);
    const parts = project.compile('parts.json');
    expect(parts.diagnostics).toEqual([]);
    expect(parts.document?.widgetParts).toEqual([
      'image-list/content-html',
      'sign-in/month-calendar',
    ]);
    const plain = project.compile('plain.json');
    expect(plain.diagnostics).toEqual([]);
    expect(plain.document).not.toHaveProperty('widgetParts');
  });
});
