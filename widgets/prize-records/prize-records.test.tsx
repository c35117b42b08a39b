import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { prizeRecordsMeta } from './meta';
import { formatTime } from './records';
import { prizeRecordsProps } from './schema';

const registry = new WidgetRegistry([
  ['prize-records', { meta: prizeRecordsMeta, load: () => import('./prize-records') }],
]);

const record = (i: number, extra: object = {}) => ({
  drawId: i,
  prizeId: 'p-band',
  prizeName: 'Smart band',
  prizeType: 'coupon',
  status: 'done',
  time: Date.UTC(2025, 4, 1, 2, 30) + i,
  ...extra,
});

function setup(handler: FakeApiHandler, options: { loggedIn?: boolean; props?: object } = {}) {
  const services = createFakeServices({ apiHandler: handler, loggedIn: options.loggedIn ?? true });
  const props = prizeRecordsProps.parse({ activityCode: 'demo', pageSize: 5, ...options.props });
  renderPage([{ type: 'prize-records', id: 'records', props }], { services, registry });
  return services;
}

describe('prize-records', () => {
  it('lists prizes with operator names, Beijing time and status', async () => {
    setup(() => ({ code: 0, result: { list: [record(1)] } }), {
      props: { prizeNames: { 'p-band': '智能手环' } },
    });
    expect(await screen.findByText('智能手环')).toBeTruthy();
    expect(screen.getByText('已发放')).toBeTruthy();
    expect(formatTime(Date.UTC(2025, 4, 1, 2, 30))).toBe('2025/05/01 10:30');
  });

  it('pages by raising the limit', async () => {
    const services = setup((_, params) => {
      const limit = Number(params?.limit);
      return {
        code: 0,
        result: { list: Array.from({ length: Math.min(limit, 7) }, (_, i) => record(i)) },
      };
    });
    await userEvent.click(await screen.findByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByText('Smart band')).toHaveLength(7));
    expect(services.record.calls.map((c) => c.params?.limit)).toEqual([5, 10]);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('empty: says so and offers the way to the draw', async () => {
    setup(() => ({ code: 0, result: { list: [] } }), { props: { emptyTarget: '/luckDraw' } });
    expect(await screen.findByText('暂无奖品，快去抽奖吧')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去抽奖' })).toBeTruthy();
  });

  it('error: shows retry, which loads again', async () => {
    let fail = true;
    setup(() =>
      fail ? Promise.reject(new Error('x')) : { code: 0, result: { list: [record(1)] } },
    );
    expect(await screen.findByText('奖品加载失败')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('Smart band')).toBeTruthy();
  });

  it('loading: a fixed skeleton while the call is pending', async () => {
    setup(() => new Promise(() => undefined));
    await waitFor(() =>
      expect(document.querySelectorAll('.w-prize-records__item--skeleton')).toHaveLength(4),
    );
  });

  it('not logged in: a login prompt, and no call that could 401', async () => {
    const services = setup(() => ({ code: 0, result: { list: [] } }), { loggedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });

  it('unpaid physical prizes link to the address page', async () => {
    setup(
      () => ({
        code: 0,
        result: { list: [record(1, { prizeType: 'physical', status: 'unpaid' })] },
      }),
      {
        props: { addressTarget: '/comm/address' },
      },
    );
    expect(await screen.findByRole('button', { name: '填写地址' })).toBeTruthy();
  });
});
