import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, deferred, ok } from '../../tests/support/widget-test-utils';
import { balanceWithdrawProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'balance-withdraw',
  id: 'balance',
  props: balanceWithdrawProps.parse({ activityCode: 'contract', ...props }),
});

/** Answers like server/src/routes/gold-rice.ts (cents, conditional debit). */
function coinServer(start = 1230, min = 100): FakeApiHandler {
  let balance = start;
  const withdrawals: { id: number; amount: number; status: string; time: number }[] = [];
  return (name, params) => {
    if (name === 'generalActivity.coinInfo') return ok({ balance, withdrawMin: min, withdrawals });
    if (name === 'generalActivity.coinWithDraw' || name === 'generalActivity.redPacketWithDraw') {
      const amount = Number(params?.amount);
      if (amount > balance) {
        throw Object.assign(apiFailure(409, 'not enough gold rice'), {
          error: 'INSUFFICIENT_GOLD_RICE',
        });
      }
      balance -= amount;
      withdrawals.unshift({
        id: withdrawals.length + 1,
        amount,
        status: 'pending',
        time: Date.UTC(2026, 10, 22, 2),
      });
      return ok({ withdrawId: withdrawals.length, amount, status: 'pending', sum: balance });
    }
    if (name === 'generalActivity.showTaskListHistory') {
      return ok({
        list: [
          {
            taskLogId: 7,
            title: '浏览合约机专区',
            rewardChances: 0,
            rewardGoldRice: 500,
            completeTime: Date.UTC(2026, 10, 22, 1),
          },
        ],
      });
    }
    return ok(null);
  };
}

const calls = (services: ReturnType<typeof createFakeServices>, name: string) =>
  services.record.calls.filter((c) => c.name === `generalActivity.${name}`);

describe('balance-withdraw', () => {
  it('shows the balance ÷ 100 and the minimum, and withdraws the chosen amount once after confirming', async () => {
    const server = coinServer();
    const gate = deferred();
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) =>
        name === 'generalActivity.coinWithDraw'
          ? gate.promise.then(() => server(name, params))
          : server(name, params),
    });
    renderPage([node()], { services });
    expect(await screen.findByText('12.30')).toBeTruthy();
    expect(screen.getByText('最低提现1.00元')).toBeTruthy();
    // 20.00 is above the balance: not offered.
    expect((screen.getByRole('button', { name: '20.00元' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '10.00元' }));
    const submit = screen.getByRole('button', { name: '立即提现' });
    await user.click(submit);
    await user.click(submit);
    gate.resolve(ok(null));
    expect(await screen.findByText('2.30')).toBeTruthy();
    expect(calls(services, 'coinWithDraw')).toHaveLength(1);
    expect(calls(services, 'coinWithDraw')[0]?.params).toEqual({
      activityCode: 'contract',
      amount: 1000,
    });
    expect(services.record.dialogs[0]?.text).toBe('确定提现10.00元吗？提现后1-3个工作日到账。');
    expect(await screen.findByText('提现10.00元')).toBeTruthy();
    expect(screen.getByText('处理中')).toBeTruthy();
  });

  it('says so in Chinese when the server refuses for lack of balance', async () => {
    let first = true;
    const server = coinServer(600);
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: (name, params) => {
        // The balance shown is stale: the server has less than the page believes.
        if (name === 'generalActivity.coinWithDraw' && first) {
          first = false;
          throw Object.assign(apiFailure(409, 'not enough gold rice'), {
            error: 'INSUFFICIENT_GOLD_RICE',
          });
        }
        return server(name, params);
      },
    });
    renderPage([node({ show: 'withdraw' })], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '立即提现' }));
    await waitFor(() => expect(services.record.toasts.at(-1)?.text).toBe('余额不足'));
    expect(screen.getAllByText('余额不足').length).toBeGreaterThan(0);
  });

  it('below the minimum, offers no amount and links to the tasks', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: coinServer(50) });
    renderPage([node({ show: 'withdraw', earnTarget: '/contract/task' })], { services });
    expect(await screen.findByText('余额不足最低提现金额，先去做任务赚钱吧')).toBeTruthy();
    expect((screen.getByRole('button', { name: '立即提现' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: '去赚钱' })).toBeTruthy();
  });

  it('lists withdrawals and completed tasks on the records view', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: coinServer() });
    renderPage([node({ show: 'records', taskRecords: true })], { services });
    expect(await screen.findByText('暂无提现记录')).toBeTruthy();
    expect(await screen.findByText('浏览合约机专区')).toBeTruthy();
    expect(screen.getByText('+5.00元')).toBeTruthy();
    expect(screen.getByText('2026-11-22 09:00')).toBeTruthy();
  });

  it('shows a retry when the balance fails to load, and a login prompt when logged out', async () => {
    const failing = createFakeServices({
      loggedIn: true,
      apiHandler: () => {
        throw apiFailure(500, 'x');
      },
    });
    const { unmount } = renderPage([node()], { services: failing });
    expect(await screen.findByText('余额加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    unmount();
    const guest = createFakeServices();
    renderPage([node()], { services: guest });
    expect(await screen.findByText('登录后查看余额和提现')).toBeTruthy();
    expect(guest.record.calls).toHaveLength(0);
  });
});
