import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../src/engine/testing/render-page';
import { createFakeServices } from '../../src/services/fakes';
import { ok } from '../_campaign-kit/test-utils';
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

  it('drops an unsafe avatar and falls back to the default nickname', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => ok({ nickName: '', avatarUrl: 'javascript:alert(1)' }),
    });
    const { container } = renderPage([node()], { services });
    expect(await screen.findByText('你好，钱包用户')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('offers a retry when user info fails', async () => {
    let fail = true;
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => {
        if (fail) throw new Error('offline');
        return ok({ nickName: '小米粒' });
      },
    });
    renderPage([node()], { services });
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('你好，小米粒')).toBeTruthy();
  });

  it('shows the login button to a logged-out visitor', async () => {
    const services = createFakeServices({ loggedIn: false });
    renderPage([node()], { services });
    await userEvent.setup().click(await screen.findByRole('button', { name: '登录' }));
    await waitFor(() => expect(services.record.logins).toBe(1));
    expect(services.record.calls).toHaveLength(0);
  });
});
