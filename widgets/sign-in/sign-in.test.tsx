import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { deferred, ok } from '../../tests/support/widget-test-utils';
import { goldRiceProps } from '../gold-rice/schema';
import { signInProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'sign-in',
  id: 'sign',
  props: signInProps.parse({ activityCode: 'demo-luckdraw', ...props }),
});

const TODAY = '2025-10-01';
const DATES = [
  '2025-09-29',
  '2025-09-30',
  TODAY,
  '2025-10-02',
  '2025-10-03',
  '2025-10-04',
  '2025-10-05',
];
const LABELS = ['+1次', '+0.10金米', '+1次', '+0.20金米', '+1次', '+0.50金米', '+2次'];

/** Answers like server/src/routes/sign-in.ts: one reward per day, however often it is called. */
function signServer(): FakeApiHandler & { signs: number } {
  let signed = false;
  let remind = 0;
  const handler = ((name: string, params: Record<string, unknown> | undefined) => {
    if (name === 'generalActivity.querySignIn')
      return ok({
        signStatus: signed ? 1 : 0,
        signCount: signed ? 3 : 2,
        today: TODAY,
        days: LABELS.map((label, i) => ({
          day: i + 1,
          date: DATES[i],
          label,
          signed: i < 2 || (signed && i === 2),
        })),
      });
    if (name === 'generalActivity.signIn' || name === 'generalActivity.sign') {
      handler.signs += 1;
      const awarded = !signed;
      signed = true;
      return ok({
        awarded,
        signCount: 3,
        reward: { label: awarded ? '+1次' : '' },
        signStatus: 1,
      });
    }
    if (name === 'configActivity.getCalendarRemindStatus') return ok({ status: remind });
    if (name === 'configActivity.setCalendarRemind') {
      remind = Number(params?.status);
      return ok({ status: remind });
    }
    if (name === 'holiday.getHolidays')
      // 1 October 2025 is day 274; 28 September (day 271) a weekend work day.
      return {
        code: 0,
        value: JSON.stringify([{ year: 2025, freeday: [274, 275], workday: [271] }]),
      };
    return ok(null);
  }) as FakeApiHandler & { signs: number };
  handler.signs = 0;
  return handler;
}

describe('sign-in', () => {
  it('logged out, loginButton false leaves the line without a button (one login per screen)', async () => {
    renderPage([node({ loginButton: false })], { services: createFakeServices() });
    expect(await screen.findByText('登录后签到领奖励')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('greets a visitor who never signed in with an invitation, not "已连续签到0天"', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) =>
        name === 'generalActivity.querySignIn'
          ? ok({ signStatus: 0, signCount: 0, today: TODAY, days: [] })
          : ok(null),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('今天签到，开始连续签到')).toBeTruthy();
    expect(screen.queryByText(/连续签到0天/)).toBeNull();
  });

  it("shows the cycle, streak and today's reward, and signs once for a double tap", async () => {
    const server = signServer();
    const gate = deferred();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'generalActivity.signIn'
          ? gate.promise.then(() => server(name, params))
          : server(name, params),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('已连续签到2天')).toBeTruthy();
    expect(screen.getByText('今日奖励：+1次')).toBeTruthy();
    const button = screen.getByRole('button', { name: '立即签到' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button);
    gate.resolve(ok(null));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(server.signs).toBe(1);
    expect(screen.getByText('已连续签到3天')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('签到成功，+1次');
  });

  it('says "already signed" when the server did not reward a second sign', async () => {
    const server = signServer();
    const services = createFakeServices({ loggedIn: true, apiHandler: server });
    await services.api.call('generalActivity.sign', { activityCode: 'demo-luckdraw' });
    renderPage([node({ signCall: 'sign' })], { services });
    expect(await screen.findByRole('button', { name: '今日已签到' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(server.signs).toBe(1);
  });

  it('draws the month with signed days and holiday marks', async () => {
    renderPage([node({ calendar: 'month' })], {
      services: createFakeServices({ loggedIn: true, apiHandler: signServer() }),
    });
    expect(await screen.findByRole('table', { name: '2025年10月签到日历' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: '1日，休息日' })).toBeTruthy();
    expect(screen.getAllByRole('cell')).toHaveLength(31);
  });

  it('switches the calendar reminder on through setCalendarRemind', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: signServer() });
    renderPage([node()], { services });
    const toggle = await screen.findByRole('switch', { name: '签到提醒' });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const set = services.record.calls.filter((c) => c.name === 'configActivity.setCalendarRemind');
    expect(set.map((c) => c.params?.status)).toEqual([1]);
  });

  it('asks a logged-out visitor to log in without calling the user calls', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: signServer() });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    const server = signServer();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'generalActivity.querySignIn' && fail) throw new Error('offline');
        return server(name, params);
      },
    });
    renderPage([node()], { services });
    expect((await screen.findByRole('alert')).textContent).toContain('签到信息加载失败');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '立即签到' })).toBeTruthy();
  });

  it('makes a gold-rice balance elsewhere on the page read again after a rewarded sign', async () => {
    const server = signServer();
    let cents = 100;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        if (name === 'generalActivity.queryUserGoldRichSum') return ok({ sum: cents });
        if (name === 'generalActivity.signIn') cents += 10;
        return server(name, params);
      },
    });
    renderPage(
      [node(), { type: 'gold-rice', id: 'gold', props: goldRiceProps.parse({ bubbles: false }) }],
      { services, document: { activity: { code: 'demo-luckdraw' } } },
    );
    expect(await screen.findByText('1.00')).toBeTruthy();
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即签到' }));
    expect(await screen.findByText('1.10')).toBeTruthy();
  });
});
