import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { ok } from '../../tests/support/widget-test-utils';
import { userHeaderProps } from './schema';

const node = (props: Record<string, unknown> = {}) => ({
  type: 'user-header',
  props: userHeaderProps.parse({ activityCode: 'demo-luckdraw', ...props }),
});

describe('user-header', () => {
  it("shows the user's nickname and a safe avatar", async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => ok({ nickName: '小米粒', avatarUrl: 'https://cdn.example.cn/a.png' }),
    });
    const { container } = renderPage([node()], { services });
    expect(await screen.findByText('你好，小米粒')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.example.cn/a.png',
    );
    expect(services.record.calls[0]?.name).toBe('generalActivity.userInfo');
  });

  it('shows the time of this login in Beijing time when asked (getLoginTime), and reads it only then', async () => {
    // 2025-05-01 02:30 UTC is 10:30 in Beijing.
    const loginTime = Date.UTC(2025, 4, 1, 2, 30);
    const handler = (name: string) =>
      name === 'generalActivity.getLoginTime'
        ? ok({ loginTime, registerTime: loginTime, serverTime: loginTime })
        : ok({ nickName: '小米粒', avatarUrl: '' });
    const services = createFakeServices({ loggedIn: true, apiHandler: handler });
    renderPage([node({ showLoginTime: true })], { services });
    expect(await screen.findByText('登录时间2025/05/01 10:30')).toBeTruthy();

    const without = createFakeServices({ loggedIn: true, apiHandler: handler });
    renderPage([node()], { services: without });
    await waitFor(() => expect(without.record.calls.length).toBeGreaterThan(0));
    expect(without.record.calls.map((c) => c.name)).not.toContain('generalActivity.getLoginTime');
  });

  it('drops an unsafe avatar and falls back to the default nickname', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => ok({ nickName: '', avatarUrl: 'javascript:alert(1)' }),
    });
    const { container } = renderPage([node()], { services });
    expect(await screen.findByText('你好，钱包用户')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('§8 row 7: a user-info failure is silently ignored (defaults, no error, no retry)', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => {
        throw new Error('offline');
      },
    });
    const { container } = renderPage([node()], { services });
    expect(await screen.findByText('你好，钱包用户')).toBeTruthy();
    expect(screen.getByText('欢迎来到福利中心')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.textContent).not.toMatch(/失败|重试/);
    expect(services.record.toasts).toEqual([]);
  });

  it('shows the login button to a logged-out visitor', async () => {
    const services = createFakeServices({ loggedIn: false });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });
});
