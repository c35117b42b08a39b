import { describe, expect, it } from 'vitest';
import { browserEnvironment } from '../services/fakes';
import { redirectTarget } from '../engine/routes/redirect-target';
import { openProject } from './campaign-context';

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
    expect(document?.widgetTypes).toEqual(['button', 'image-list', 'rich-text']);
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
