import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { phoneBillEquityProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'phone-bill-equity',
  id: 'equity',
  props: phoneBillEquityProps.parse({ activityCode: 'phone-bill', ...props }),
});

const PRIZES = [
  { prizeId: 'p-20', name: '20元话费券', image: '', type: 'virtual', soldOut: false },
  { prizeId: 'p-50', name: '50元话费券', image: '', type: 'virtual', soldOut: true },
  { prizeId: 'p-thanks', name: '谢谢参与', image: '', type: 'thanks', soldOut: false },
];

/** One claim a day, like the draw engine behind newPhone send. */
const WINDOW = { start: Date.UTC(2026, 5, 30, 16), end: Date.UTC(2026, 8, 30, 15, 59) };

function equityServer(prefix = '', status = 'ongoing'): FakeApiHandler {
  let chances = 1;
  const mine: { drawId: number; prizeId: string }[] = [];
  return (name) => {
    if (name === `newPhone.${prefix}index`)
      return ok({ remainChance: chances, prizes: PRIZES, myPrizes: mine, status, window: WINDOW });
    if (name === `newPhone.${prefix}send`) {
      if (chances <= 0) throw apiFailure(409, 'no draw chances left');
      chances -= 1;
      mine.push({ drawId: 1, prizeId: 'p-20' });
      return ok({ drawId: 1, prizeId: 'p-20', prizeName: '20元话费券', prizeType: 'virtual' });
    }
    if (name === 'generalActivity.phoneBillAmount') return ok({ eligible: true, amount: 5000 });
    if (name === 'newMachines.interest/doubleAmount')
      return ok({ baseAmount: 8800, doubled: true, amount: 17600 });
    if (name === 'newMachines.interest/newMachinesOldUser') return ok({ oldUser: false });
    if (name === 'newMachines.interest/receiveCountDown')
      return ok({ deadline: Date.UTC(2030, 5, 30, 15, 59), remainingMs: 3 * 86_400_000 });
    return ok(null);
  };
}

describe('phone-bill-equity', () => {
  it('shows the subsidy, claims once, and lists the equity held', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: equityServer() });
    renderPage([node()], { services });
    expect(await screen.findByText('50.00')).toBeTruthy();
    expect(await screen.findByText('已领完')).toBeTruthy();
    expect(screen.queryByText('谢谢参与')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '立即领取' }));
    expect(await screen.findByRole('button', { name: '今日已领取，明天再来' })).toHaveProperty(
      'disabled',
      true,
    );
    const mine = await screen.findByRole('list', { name: '我的权益' });
    expect(mine.textContent).toContain('20元话费券');
  });

  it('uses the quarter pair of calls and shows the doubled interest with its deadline', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: equityServer('q2') });
    renderPage([node({ quarter: 'q2', showInterest: true, showAmount: false })], { services });
    expect(await screen.findByText('176.00')).toBeTruthy();
    expect(await screen.findByText(/领取截止2030-06-30 23:59 · 剩余3天/)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: '立即领取' }));
    await waitFor(() =>
      expect(services.record.calls.some((c) => c.name === 'newPhone.q2send')).toBe(true),
    );
  });

  it.each([
    ['notStarted', '本期未开始'],
    ['ended', '本期已结束'],
  ])('a quarter %s shows its window and offers no claim (issue 32)', async (status, label) => {
    const services = createFakeServices({ loggedIn: true, apiHandler: equityServer('q3', status) });
    renderPage([node({ quarter: 'q3', showAmount: false })], { services });
    expect(await screen.findByText('活动时间：2026-07-01 – 2026-09-30')).toBeTruthy();
    expect(screen.getByRole('button', { name: label })).toHaveProperty('disabled', true);
  });

  it('asks visitors to log in instead of claiming', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: equityServer() });
    renderPage([node()], { services });
    await userEvent.click(await screen.findByRole('button', { name: '立即领取' }));
    expect(services.record.calls.some((c) => c.name === 'newPhone.send')).toBe(false);
    expect(services.record.calls.some((c) => c.name === 'generalActivity.phoneBillAmount')).toBe(
      false,
    );
    expect(screen.getAllByRole('button', { name: '立即登录' }).length).toBeGreaterThan(0);
  });

  it('shows a failed equity list as an error with retry', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name) => {
        if (name === 'newPhone.index') throw apiFailure(500, 'down');
        return ok({ eligible: false, amount: 0 });
      },
    });
    renderPage([node()], { services });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(await screen.findByText('暂不符合话费补贴条件')).toBeTruthy();
  });
});
