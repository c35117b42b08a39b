import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { createFakeClock } from '../../tests/support/fake-clock';
import { winnersTickerMeta } from './meta';
import { winnersTickerProps } from './schema';
import { maskWinner } from './winners';

const registry = new WidgetRegistry([
  ['winners-ticker', { meta: winnersTickerMeta, load: () => import('./winners-ticker') }],
]);

const WINNERS = [
  { nickName: 'U***4', phone: '138****0001', prizeName: '手环' },
  { nickName: '', phone: '13800000002', prizeName: '优惠券' },
  { nickName: '张三丰', phone: '', prizeName: '手机' },
];

function setup(handler: FakeApiHandler = () => ({ code: 0, result: { list: WINNERS } })) {
  const clock = createFakeClock(0);
  const services = createFakeServices({ apiHandler: handler, clock });
  renderPage(
    [
      {
        type: 'winners-ticker',
        id: 'ticker',
        props: winnersTickerProps.parse({ activityCode: 'demo' }),
      },
    ],
    { services, registry },
  );
  const advance = (ms: number) => act(() => clock.advance(ms));
  return { services, clock, advance };
}

const index = () => document.querySelector('.w-winners-ticker__rows')?.getAttribute('data-index');

afterEach(() => vi.unstubAllGlobals());

describe('maskWinner', () => {
  it.each([
    ['U***4', 'U***4'],
    ['13800000002', '138****0002'],
    ['张三丰', '张***丰'],
    ['李四', '李***'],
    ['', '***'],
  ])('%s → %s', (input, expected) => expect(maskWinner(input)).toBe(expected));
});

describe('winners-ticker', () => {
  it('shows masked winners and scrolls one line per interval, looping', async () => {
    const t = setup();
    expect(await screen.findAllByText('恭喜U***4抽中手环')).toHaveLength(2);
    expect(screen.getAllByText('恭喜138****0002抽中优惠券')).toHaveLength(1);
    expect(screen.getByText('恭喜张***丰抽中手机')).toBeTruthy();
    expect(screen.queryByText(/13800000002|张三丰/)).toBeNull();
    expect(t.services.record.calls[0]).toMatchObject({
      name: 'generalActivity.rotaryNews',
      params: { activityCode: 'demo', limit: 20 },
    });
    expect(index()).toBe('0');
    t.advance(3000);
    expect(index()).toBe('1');
    t.advance(6000);
    expect(index()).toBe('3');
    t.advance(400);
    expect(index()).toBe('0');
  });

  it('pauses on request', async () => {
    const t = setup();
    await userEvent.click(await screen.findByRole('button', { name: '暂停播报' }));
    t.advance(9000);
    expect(index()).toBe('0');
    expect(screen.getByRole('button', { name: '继续播报' })).toBeTruthy();
  });

  it('reduced motion: a static list, nothing moves', async () => {
    vi.stubGlobal('matchMedia', () => ({
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const t = setup();
    const list = await screen.findByRole('list', { name: '中奖播报' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(t.clock.pending()).toBe(0);
  });

  it('empty and error states', async () => {
    setup(() => ({ code: 0, result: { list: [] } }));
    expect(await screen.findByText('快来参与，好运等你')).toBeTruthy();
  });

  it('error: retry loads again', async () => {
    let fail = true;
    setup(() => (fail ? Promise.reject(new Error('x')) : { code: 0, result: { list: WINNERS } }));
    expect(await screen.findByText('中奖播报加载失败')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findAllByText('恭喜U***4抽中手环')).toHaveLength(2);
  });
});
