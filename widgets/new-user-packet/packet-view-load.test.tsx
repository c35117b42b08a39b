import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { ok } from '../../tests/support/widget-test-utils';
import { newUserPacketProps } from './schema';

// The logged-in view's chunk does not arrive (a moment without network).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./packet-view', () => {
  loads.count += 1;
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('new-user-packet, its logged-in view not loaded', () => {
  it("says so with the widget's failure text, and the next tap loads it again", async () => {
    const services = createFakeServices({ loggedIn: true, apiHandler: () => ok(null) });
    renderPage(
      [
        {
          type: 'new-user-packet',
          id: 'packet',
          props: newUserPacketProps.parse({ activityCode: 'new-user' }),
        },
      ],
      { services },
    );
    expect(await screen.findByText('红包信息加载失败')).toBeTruthy();
    const before = loads.count;
    await userEvent.setup().click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('红包信息加载失败')).toBeTruthy();
    expect(loads.count).toBeGreaterThan(before);
  });
});
