import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import type { ApiEnvelope } from '../../src/services/types';
import { createFakeClock } from '../../tests/support/fake-clock';
import { countdownMeta } from './meta';
import { countdownProps } from './schema';
import { clockOffset, phaseAt, remainingParts } from './time';

const registry = new WidgetRegistry([
  ['countdown', { meta: countdownMeta, load: () => import('./countdown') }],
]);

const HOUR = 3_600_000;
const SERVER_NOW = Date.UTC(2025, 0, 1);

function setup(
  activity: Record<string, unknown>,
  options: {
    phone?: number;
    props?: object;
    loggedIn?: boolean;
    handler?: (name: string) => ApiEnvelope | Promise<ApiEnvelope> | undefined;
  } = {},
) {
  const clock = createFakeClock(options.phone ?? SERVER_NOW);
  const apiHandler: FakeApiHandler = (name) =>
    options.handler?.(name) ??
    (name === 'configActivity.getSingleConfigActivity4c'
      ? { code: 1, result: { activityCode: 'demo', ...activity } }
      : { code: 0, result: null });
  const services = createFakeServices({ apiHandler, clock, loggedIn: options.loggedIn ?? false });
  renderPage(
    [
      {
        type: 'countdown',
        id: 'cd',
        props: countdownProps.parse({ activityCode: 'demo', ...options.props }),
      },
    ],
    { services, registry },
  );
  return { services, clock, advance: (ms: number) => act(() => clock.advance(ms)) };
}

describe('countdown arithmetic', () => {
  it('splits the time left and rounds up to the second', () => {
    expect(remainingParts(26 * HOUR + 61_500)).toEqual({
      days: 1,
      hours: 2,
      minutes: 1,
      seconds: 2,
    });
    expect(remainingParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('takes the midpoint of the request as the server stamp', () => {
    expect(clockOffset(10_000, 1_000, 3_000)).toBe(8_000);
  });

  it('lets the server status override a wrong phone clock', () => {
    expect(phaseAt(50, 100, 200, 'ongoing')).toBe('notStarted');
    expect(phaseAt(150, 100, 200, 'notStarted')).toBe('notStarted');
    expect(phaseAt(150, 100, 200, 'ended')).toBe('ended');
    expect(phaseAt(150, 100, 200, 'closed')).toBe('closed');
    expect(phaseAt(250, 100, 200, 'ongoing')).toBe('ended');
  });
});

describe('countdown', () => {
  it('counts to the start on server time, though the phone clock is a day late', async () => {
    setup(
      {
        status: 'notStarted',
        startTime: SERVER_NOW + 2 * HOUR,
        endTime: SERVER_NOW + 48 * HOUR,
        serverTime: SERVER_NOW,
      },
      { phone: SERVER_NOW - 24 * HOUR },
    );
    const timer = await screen.findByRole('timer');
    expect(timer.getAttribute('aria-label')).toBe('距活动开始还有2小时0分钟');
    expect(timer.textContent).toBe('距活动开始还有02时00分00秒');
  });

  it('ticks every second and turns live at the start, asking the server again', async () => {
    const t = setup({
      status: 'notStarted',
      startTime: SERVER_NOW + 2_000,
      endTime: SERVER_NOW + 26 * HOUR,
      serverTime: SERVER_NOW,
    });
    expect((await screen.findByRole('timer')).textContent).toContain('00分02秒');
    t.advance(1_000);
    expect(screen.getByRole('timer').textContent).toContain('00分01秒');
    const before = t.services.record.calls.length;
    t.advance(1_000);
    // The server still says notStarted: the phase holds until it answers 'ongoing'.
    await waitFor(() => expect(t.services.record.calls.length).toBeGreaterThan(before));
  });

  it('live: counts to the end with days', async () => {
    setup({
      status: 'ongoing',
      startTime: SERVER_NOW - HOUR,
      endTime: SERVER_NOW + 50 * HOUR,
      serverTime: SERVER_NOW,
    });
    expect((await screen.findByRole('timer')).textContent).toBe('距活动结束还有2天02时00分00秒');
  });

  it('ended and paused activities show their text', async () => {
    setup({ status: 'ended', startTime: SERVER_NOW - 2 * HOUR, endTime: SERVER_NOW - HOUR });
    expect(await screen.findByText('活动已结束，感谢参与')).toBeTruthy();
  });

  it('without serverTime in the activity, asks the configured call (logged in only)', async () => {
    const t = setup(
      { status: 'ongoing', startTime: SERVER_NOW - HOUR, endTime: SERVER_NOW + HOUR },
      {
        phone: SERVER_NOW + 30 * 60_000,
        loggedIn: true,
        props: { serverTimeCall: 'generalActivity.getLoginTime' },
        handler: (name) =>
          name === 'generalActivity.getLoginTime'
            ? { code: 0, result: { serverTime: SERVER_NOW } }
            : undefined,
      },
    );
    await waitFor(() =>
      expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('距活动结束还有1小时0分钟'),
    );
    expect(t.services.record.calls.map((c) => c.name)).toContain('generalActivity.getLoginTime');
    // Activity-scoped time calls (getMifansActivityTime) get the activity code.
    const timeCall = t.services.record.calls.find((c) => c.name === 'generalActivity.getLoginTime');
    expect(timeCall?.params).toHaveProperty('activityCode');
  });

  it('error: retry loads again', async () => {
    let fail = true;
    setup(
      { status: 'ended' },
      {
        handler: (name) =>
          name === 'configActivity.getSingleConfigActivity4c' && fail
            ? Promise.reject(new Error('x'))
            : undefined,
      },
    );
    expect(await screen.findByText('活动时间加载失败')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('活动已结束，感谢参与')).not.toBeNull();
  });
});

describe('countdown to dates of the page (issue 11: a draw page counted to the activity end)', () => {
  const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

  it('counts to the page date `until`, not to the activity end, on server time', async () => {
    setup(
      {
        status: 'ongoing',
        startTime: SERVER_NOW - HOUR,
        endTime: SERVER_NOW + 1500 * 24 * HOUR,
        serverTime: SERVER_NOW,
      },
      { phone: SERVER_NOW - 24 * HOUR, props: { until: iso(SERVER_NOW + 3 * HOUR) } },
    );
    expect((await screen.findByRole('timer')).textContent).toBe('距活动结束还有03时00分00秒');
  });

  it('counts to `from` while the activity is already live, then shows the ended text after `until`', async () => {
    const t = setup(
      {
        status: 'ongoing',
        startTime: SERVER_NOW - HOUR,
        endTime: SERVER_NOW + 100 * HOUR,
        serverTime: SERVER_NOW,
      },
      { props: { from: iso(SERVER_NOW + 2_000), until: iso(SERVER_NOW + 4_000) } },
    );
    expect((await screen.findByRole('timer')).textContent).toBe('距活动开始还有00时00分02秒');
    t.advance(2_000);
    await waitFor(() => expect(screen.getByRole('timer').textContent).toContain('距活动结束还有'));
    t.advance(2_000);
    expect(await screen.findByText('活动已结束，感谢参与')).toBeTruthy();
  });

  it('a paused activity still wins over the page dates', async () => {
    setup(
      { status: 'closed', startTime: SERVER_NOW - HOUR, endTime: SERVER_NOW + HOUR },
      { props: { until: iso(SERVER_NOW + HOUR) } },
    );
    expect(await screen.findByText('活动暂停中')).toBeTruthy();
  });

  it('accepts only dates with their offset', () => {
    expect(countdownProps.safeParse({ until: '2026-04-30T20:00:00+08:00' }).success).toBe(true);
    expect(countdownProps.safeParse({ until: '2026-04-30' }).success).toBe(false);
  });
});
