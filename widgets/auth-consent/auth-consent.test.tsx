import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { authConsentProps } from './schema';

const node = () => ({ type: 'auth-consent', id: 'consent', props: authConsentProps.parse({}) });

/** Answers like server/src/routes/marketing-auth.ts. */
function switchServer(initial = 0): FakeApiHandler {
  let status = initial;
  return (name, params) => {
    if (name === 'userMarketingAuth.querySwitch') return ok({ status, login: true });
    if (name === 'userMarketingAuth.updateSwitch') {
      status = Number(params?.status);
      return ok({ status, changed: true });
    }
    return ok(null);
  };
}

describe('auth-consent', () => {
  it('shows the server state and turns it on and off again', async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: switchServer(0) });
    renderPage([node()], { services });
    const toggle = await screen.findByRole('switch', { name: /接收活动与优惠信息/ });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('已授权')).toBeTruthy();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    const sets = services.record.calls.filter((c) => c.name === 'userMarketingAuth.updateSwitch');
    expect(sets.map((c) => c.params?.status)).toEqual([1, 0]);
  });

  it('asks visitors to log in and never reads the switch for them', async () => {
    const services = createFakeServices({ loggedIn: false, apiHandler: switchServer(1) });
    renderPage([node()], { services });
    expect(await screen.findByRole('button', { name: '立即登录' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(services.record.calls.some((c) => c.name === 'userMarketingAuth.querySwitch')).toBe(
      false,
    );
  });

  it('shows a failed read as an error with retry, not as "off"', async () => {
    const services = createFakeServices({
      loggedIn: true,
      apiHandler: () => {
        throw apiFailure(500, 'boom');
      },
    });
    renderPage([node()], { services });
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
