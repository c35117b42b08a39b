import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { valueAt as at } from '../_campaign-kit/loose/configured';
import { formatTime } from './items';
import { dataListMeta } from './meta';
import { dataListProps } from './schema';

const registry = new WidgetRegistry([
  ['data-list', { meta: dataListMeta, load: () => import('./data-list') }],
]);

const source = {
  call: 'generalActivity.myPrize',
  requiresLogin: true,
  paging: 'limit',
  fields: { id: 'drawId', title: 'prizeName', badge: 'status', time: 'time', image: 'img' },
  badgeTexts: { unpaid: '待领取' },
  badgeTemplate: '[{value}]',
};

const item = (i: number) => ({
  drawId: i,
  prizeName: `奖品${i}`,
  status: 'unpaid',
  time: Date.UTC(2025, 4, 1, 2, 30),
  img: 'javascript:alert(1)',
});

function setup(handler: FakeApiHandler, props: object, loggedIn = true) {
  const services = createFakeServices({ apiHandler: handler, loggedIn });
  const parsed = dataListProps.parse({ activityCode: 'demo', pageSize: 3, ...props });
  renderPage(
    [
      {
        type: 'data-list',
        id: 'list',
        props: parsed,
        on: { select: [{ type: 'toast', text: '{{event.id}}' }] },
      },
    ],
    { services, registry },
  );
  return services;
}

describe('data-list', () => {
  it('maps items of the call through the declared fields, badge texts and Beijing time', async () => {
    setup(() => ({ code: 0, result: { list: [item(1)] } }), { source });
    expect(await screen.findByText('奖品1')).toBeTruthy();
    expect(screen.getByText('[待领取]')).toBeTruthy();
    expect(screen.getByText('2025/05/01 10:30')).toBeTruthy();
    // An unsafe image address is never drawn.
    expect(document.querySelector('img')).toBeNull();
  });

  it('pages by raising the limit, and stops when a page comes back short', async () => {
    const services = setup(
      (_, params) => {
        const limit = Number(params?.limit);
        return {
          code: 0,
          result: { list: Array.from({ length: Math.min(limit, 5) }, (_, i) => item(i)) },
        };
      },
      { source },
    );
    await userEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByText(/^奖品\d$/)).toHaveLength(5));
    expect(services.record.calls.map((c) => c.params?.limit)).toEqual([3, 6]);
    expect(services.record.calls[0]?.params?.activityCode).toBe('demo');
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('binds its params to the page', async () => {
    const services = setup(() => ({ code: 0, result: { list: [item(1)] } }), {
      source: { ...source, params: { from: '{{page.route}}' } },
    });
    expect(await screen.findByText('奖品1')).toBeTruthy();
    expect(services.record.calls[0]?.params?.from).toBe('/test');
  });

  it('logged out: a login prompt, and the call about the visitor is never sent', async () => {
    const services = setup(() => ({ code: 0, result: [] }), { source }, false);
    expect(await screen.findByText('登录后查看')).toBeTruthy();
    expect(services.record.calls).toHaveLength(0);
  });

  it('error is not "empty": a retry loads again', async () => {
    let fail = true;
    setup(
      () => (fail ? Promise.reject(new Error('down')) : { code: 0, result: { list: [item(2)] } }),
      { source, emptyText: '没有奖品' },
    );
    expect(await screen.findByText('加载失败，请稍后再试')).toBeTruthy();
    expect(screen.queryByText('没有奖品')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('奖品2')).toBeTruthy();
  });

  it('empty: says so', async () => {
    setup(() => ({ code: 0, result: { list: [] } }), { source, emptyText: '暂无公告' });
    expect(await screen.findByText('暂无公告')).toBeTruthy();
  });

  it('fixed items: a rank layout, client-side paging, an item button that emits select and navigates', async () => {
    const services = setup(() => ({ code: 0 }), {
      layout: 'rank',
      items: [
        { id: 'first', title: '一', to: '/luckDraw', actionText: '去看看' },
        { title: '二' },
        { title: '三' },
        { title: '四' },
      ],
    });
    expect(await screen.findByText('一')).toBeTruthy();
    expect(screen.queryByText('四')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('四')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '去看看：一' }));
    await waitFor(() => expect(services.record.toasts.map((t) => t.text)).toEqual(['first']));
  });

  it('a listKey and field paths read own properties only', () => {
    expect(at({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(at({}, 'toString')).toBeUndefined();
    expect(formatTime('nope')).toBe('');
  });

  it('refuses an unknown call, both or neither of source and items', () => {
    expect(dataListProps.safeParse({ source: { ...source, call: 'x.y' } }).success).toBe(false);
    expect(dataListProps.safeParse({}).success).toBe(false);
    expect(dataListProps.safeParse({ source, items: [] }).success).toBe(false);
  });
});
