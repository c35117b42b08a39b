import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { EMBED_SANDBOX } from './iframe-embed';
import { iframeEmbedProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'iframe-embed',
  props: iframeEmbedProps.parse({
    src: 'https://m.mipay.com/cashier',
    title: '小米支付收银台',
    ...props,
  }),
});

describe('iframe-embed', () => {
  it('frames an allow-listed page with its title, a sandbox and no referrer', async () => {
    renderPage([node()]);
    const frame = await screen.findByTitle('小米支付收银台');
    expect(frame.getAttribute('src')).toBe('https://m.mipay.com/cashier');
    expect(frame.getAttribute('sandbox')).toBe(EMBED_SANDBOX);
    expect(EMBED_SANDBOX).not.toContain('allow-top-navigation');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('refuses a document whose src is off the allow-list, and one without a title', () => {
    for (const src of [
      'https://evil.example/pay',
      'http://m.mipay.com/x',
      '/mp/activity/offline',
      'javascript:alert(1)',
    ]) {
      expect(iframeEmbedProps.safeParse({ src, title: 'x' }).success).toBe(false);
    }
    expect(iframeEmbedProps.safeParse({ src: 'https://m.mipay.com/x' }).success).toBe(false);
  });

  it('takes an allow-listed address from the query, and keeps src for any other', async () => {
    const good = createFakeServices({
      href: `http://localhost/mp/activity/iframeMobilepay?url=${encodeURIComponent('https://pay.mi.com/order?id=7')}`,
    });
    const first = renderPage([node({ srcParam: 'url' })], { services: good });
    await waitFor(() =>
      expect(screen.getByTitle('小米支付收银台').getAttribute('src')).toBe(
        'https://pay.mi.com/order?id=7',
      ),
    );
    first.unmount();

    const evil = createFakeServices({
      href: `http://localhost/mp/activity/iframeMobilepay?url=${encodeURIComponent('https://evil.example/x')}`,
    });
    renderPage([node({ srcParam: 'url' })], { services: evil });
    const frame = await screen.findByTitle('小米支付收银台');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(frame.getAttribute('src')).toBe('https://m.mipay.com/cashier');
  });

  it('shows a message instead of a frame when a bound src is off the list', async () => {
    renderPage([
      { type: 'iframe-embed', props: { ...node().props, src: 'https://evil.example/x' } },
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('暂不支持');
    expect(screen.queryByTitle('小米支付收银台')).toBeNull();
  });
});
