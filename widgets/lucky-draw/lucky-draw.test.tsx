import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import type { ApiEnvelope } from '../../src/services/types';
import { createFakeClock } from '../../tests/support/fake-clock';
import { REQUEST_TIMEOUT_MS } from '../../src/spec/constants';
import { UI_COPY } from '../../src/ui/copy';
import { luckyDrawProps } from './schema';
import { slotAtAngle } from './spin-math';

const PRIZES = ['phone', 'band', 'c50', 'c10', 'rice1', 'rice8', 'chance', 'thanks'];

function activity(status = 'ongoing'): ApiEnvelope {
  const prizes = PRIZES.map((id) => ({ prizeId: id, name: `奖品-${id}`, image: '', type: 'x' }));
  return {
    code: 1,
    result: {
      activityCode: 'demo',
      status,
      activityConfig: JSON.stringify({ luckdrawConfig: { prizes } }),
    },
  };
}

function win(prizeId: string, type = 'coupon'): ApiEnvelope {
  const index = PRIZES.indexOf(prizeId);
  return {
    code: 0,
    result: { prizeId, prizeName: `奖品-${prizeId}`, prizeType: type, index, remainChance: 2 },
  };
}

function setup(
  draw: () => ApiEnvelope | Promise<ApiEnvelope>,
  options: { loggedIn?: boolean; status?: string; chances?: number; props?: object } = {},
) {
  const clock = createFakeClock(1_000_000);
  const apiHandler: FakeApiHandler = (name) => {
    if (name === 'configActivity.getSingleConfigActivity4c') return activity(options.status);
    if (name === 'generalActivity.getRemainChance')
      return { code: 0, result: { remainChance: options.chances ?? 3 } };
    if (name === 'generalActivity.prizeStock') return { code: 0, result: { list: [] } };
    if (name.startsWith('generalActivity.') && /uckDraw(\.get)?$/.test(name)) return draw();
    if (name === 'youkuActivity.youkuUserDraw') return draw();
    return { code: 0, result: null };
  };
  const services = createFakeServices({ apiHandler, loggedIn: options.loggedIn ?? true, clock });
  const props = luckyDrawProps.parse({ activityCode: 'demo', ...options.props });
  renderPage([{ type: 'lucky-draw', id: 'draw', props }], { services });
  const drawCalls = () =>
    services.record.calls.filter((c) => /(uckDraw|UserDraw|uckDraw\.get)$/.test(c.name));
  const advance = async (ms: number) => {
    await act(async () => clock.advance(ms));
  };
  /** Runs the clock for `ms` in steps of 100 ms, letting the answer's promises settle between. */
  const step = async (ms: number) => {
    for (let run = 0; run < ms; run += 100) await advance(Math.min(100, ms - run));
  };
  /** Runs the clock until the draw has settled (dialog shown or button released). */
  const settle = async () => {
    for (let i = 0; i < 40; i++) await advance(250);
  };
  return { services, clock, drawCalls, advance, step, settle };
}

const wheelAngle = () =>
  Number(document.querySelector('.w-lucky-draw__wheel')?.getAttribute('data-angle'));
const drawButton = () => screen.findByRole('button', { name: '抽奖' });

afterEach(() => vi.unstubAllGlobals());

describe('lucky-draw wheel', () => {
  it.each(['phone', 'c10', 'rice8', 'thanks'])(
    'lands on the slot of the returned prize %s and shows it in a dialog',
    async (prizeId) => {
      const t = setup(() => win(prizeId, prizeId === 'thanks' ? 'thanks' : 'coupon'));
      await userEvent.click(await drawButton());
      await waitFor(() => expect(t.drawCalls()).toHaveLength(1));
      expect(t.drawCalls()[0]?.params).toEqual({ activityCode: 'demo' });
      await t.settle();
      expect(slotAtAngle(wheelAngle(), PRIZES.length)).toBe(PRIZES.indexOf(prizeId));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain(`奖品-${prizeId}`);
      expect(screen.getByRole('status').textContent).toContain(`奖品-${prizeId}`);
    },
  );

  it('matches operator-configured slots by prize id, not by the server index', async () => {
    const reversed = [...PRIZES].reverse().map((prizeId) => ({ prizeId, name: prizeId }));
    const t = setup(() => win('band'), { props: { prizes: reversed } });
    await userEvent.click(await drawButton());
    await t.settle();
    expect(slotAtAngle(wheelAngle(), 8)).toBe(reversed.findIndex((p) => p.prizeId === 'band'));
  });

  it('a double tap sends one request', async () => {
    let release: (value: ApiEnvelope) => void = () => undefined;
    const t = setup(() => new Promise<ApiEnvelope>((resolve) => (release = resolve)));
    const button = await drawButton();
    await userEvent.click(button);
    await userEvent.click(button);
    expect(t.drawCalls()).toHaveLength(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    release(win('c50'));
    await t.settle();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('keeps spinning at least the minimum time even when the answer is instant', async () => {
    const t = setup(() => win('c50'));
    await userEvent.click(await drawButton());
    await t.advance(500);
    expect(screen.queryByRole('dialog')).toBeNull();
    await t.settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('on error: a toast, the wheel stops where it started, no dialog, tap unlocked', async () => {
    const t = setup(() => Promise.reject({ code: 409, error: 'NO_CHANCE', msg: 'no chance' }));
    await userEvent.click(await drawButton());
    await t.settle();
    expect(t.services.record.toasts.map((x) => x.text)).toContain(
      '抽奖机会已用完，做任务可获得更多机会',
    );
    expect(wheelAngle() % 360).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await drawButton()).getAttribute('aria-busy')).toBe('false');
  });

  it('refused as paused by an operator (issue 34): the kind message, and the switches read again', async () => {
    const t = setup(() =>
      Promise.reject({
        code: 403,
        error: 'PAUSED',
        msg: 'draw is paused for now, come back later',
      }),
    );
    await waitFor(() => expect(t.services.record.liveSwitchReads).toBe(1));
    await userEvent.click(await drawButton());
    await t.settle();
    expect(t.services.record.toasts.map((x) => x.text)).toContain(UI_COPY.paused);
    await waitFor(() => expect(t.services.record.liveSwitchReads).toBe(2));
  });

  it('on timeout: stops with the timeout toast', async () => {
    const t = setup(() => new Promise<ApiEnvelope>(() => undefined));
    await userEvent.click(await drawButton());
    await waitFor(() => expect(t.drawCalls()).toHaveLength(1));
    await t.advance(REQUEST_TIMEOUT_MS);
    await t.settle();
    expect(t.services.record.toasts.map((x) => x.text)).toContain(
      '网络不给力，结果请稍后在“我的奖品”中查看',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('not logged in: starts the login flow and draws nothing', async () => {
    const t = setup(() => win('c50'), { loggedIn: false });
    expect(await screen.findByText('登录后即可抽奖')).toBeTruthy();
    await userEvent.click(await drawButton());
    await waitFor(() => expect(t.services.record.logins).toBe(1));
    expect(t.drawCalls()).toHaveLength(0);
  });

  it('no chance left: a toast and no request', async () => {
    const t = setup(() => win('c50'), { chances: 0 });
    expect(await screen.findByText('剩余抽奖机会：0次')).toBeTruthy();
    await userEvent.click(await drawButton());
    expect(t.services.record.toasts[0]?.text).toBe('抽奖机会已用完，做任务可获得更多机会');
    expect(t.drawCalls()).toHaveLength(0);
  });

  it.each([
    ['notStarted', '活动未开始'],
    ['ended', '活动已结束'],
    ['closed', '活动已结束'],
  ])('a %s activity disables the button', async (status, label) => {
    const t = setup(() => win('c50'), { status });
    const button = (await screen.findByRole('button', { name: label })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.click(button);
    expect(t.drawCalls()).toHaveLength(0);
  });

  it('reduced motion: no animation, the result still shows', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    setup(() => win('rice1'));
    await userEvent.click(await drawButton());
    expect(await screen.findByRole('dialog')).toBeTruthy();
    const wheel = document.querySelector<HTMLElement>('.w-lucky-draw__wheel');
    expect(wheel?.style.transition).toBe('none');
    expect(slotAtAngle(wheelAngle(), 8)).toBe(PRIZES.indexOf('rice1'));
  });

  it('spins for the designed 4.5 s by default: the result shows when the landing ends', async () => {
    const t = setup(() => win('c50'));
    await userEvent.click(await drawButton());
    await t.step(4_400);
    expect(screen.queryByRole('dialog')).toBeNull();
    await t.step(200);
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('spinMs shortens the spin: both parts shrink in proportion, the wheel still lands on the prize', async () => {
    const t = setup(() => win('c50'), { props: { spinMs: 1_800 } });
    await userEvent.click(await drawButton());
    await t.step(900);
    // 800 ms of spinning, then a landing of 1000 ms.
    expect(document.querySelector<HTMLElement>('.w-lucky-draw__wheel')?.style.transition).toBe(
      'transform 1000ms cubic-bezier(0.15, 0.55, 0.25, 1)',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await t.step(1_000);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(slotAtAngle(wheelAngle(), 8)).toBe(PRIZES.indexOf('c50'));
  });

  it("spinMs is validated: 1000 to 4500 ms, today's 4500 by default", () => {
    expect(luckyDrawProps.parse({}).spinMs).toBe(4_500);
    expect(luckyDrawProps.safeParse({ spinMs: 999 }).success).toBe(false);
    expect(luckyDrawProps.safeParse({ spinMs: 4_501 }).success).toBe(false);
    expect(luckyDrawProps.safeParse({ spinMs: 1_000 }).success).toBe(true);
  });

  it('reduced motion: the result shows as soon as the answer arrives, whatever spinMs says', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const t = setup(() => win('c10'), { props: { spinMs: 4_500 } });
    await userEvent.click(await drawButton());
    await t.advance(0);
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(t.clock.now()).toBeLessThan(1_000_000 + 1_000);
  });

  it('a loss closes with a neutral word: 知道了 for 谢谢参与, 开心收下 only after a prize', async () => {
    const loss = setup(() => win('thanks', 'thanks'));
    await userEvent.click(await drawButton());
    await loss.settle();
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['知道了']);
    await userEvent.click(within(dialog).getByRole('button', { name: '知道了' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a prize closes with 开心收下 beside my prizes', async () => {
    const t = setup(() => win('band'));
    await userEvent.click(await drawButton());
    await t.settle();
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['开心收下', '我的奖品']);
  });

  it('the prize dialog links to my prizes and closes with Escape', async () => {
    const t = setup(() => win('band'));
    await userEvent.click(await drawButton());
    await t.settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('lucky-draw grid', () => {
  it.each(['phone', 'rice1', 'thanks'])(
    'highlights the cell of the returned prize %s',
    async (id) => {
      const t = setup(() => win(id), { props: { mode: 'grid', drawCall: 'flashLuckDraw' } });
      await userEvent.click(await drawButton());
      await t.settle();
      const active = document.querySelector('[data-active="true"]');
      expect(active?.getAttribute('data-slot')).toBe(String(PRIZES.indexOf(id)));
      expect(t.drawCalls()[0]?.name).toBe('generalActivity.flashLuckDraw');
      expect(t.drawCalls()[0]?.params).toHaveProperty('coordinates');
    },
  );
});

describe('lucky-draw drawCall luckDraw.get', () => {
  it('draws with the GET luckDraw and sends the tap coordinates (spec §7 GET luckDraw)', async () => {
    const t = setup(() => win('phone'), { props: { drawCall: 'luckDraw.get' } });
    await userEvent.click(await drawButton());
    await waitFor(() => expect(t.drawCalls()).toHaveLength(1));
    expect(t.drawCalls()[0]?.name).toBe('generalActivity.luckDraw.get');
    expect(t.drawCalls()[0]?.params).toHaveProperty('coordinates');
    await t.settle();
    expect((await screen.findByRole('dialog')).textContent).toContain('奖品-phone');
  });
});

describe('lucky-draw drawCall youkuUserDraw', () => {
  it('draws through the video partner call (spec §7 youkuActivity/youkuUserDraw)', async () => {
    const t = setup(() => win('phone'), { props: { drawCall: 'youkuUserDraw' } });
    await userEvent.click(await drawButton());
    await waitFor(() => expect(t.drawCalls()).toHaveLength(1));
    expect(t.drawCalls()[0]?.name).toBe('youkuActivity.youkuUserDraw');
    await t.settle();
    expect((await screen.findByRole('dialog')).textContent).toContain('奖品-phone');
  });
});
