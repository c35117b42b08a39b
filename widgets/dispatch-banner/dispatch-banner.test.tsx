import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { apiFailure, ok } from '../../tests/support/widget-test-utils';
import { dispatchBannerProps } from './schema';

const node = () => ({
  type: 'dispatch-banner',
  id: 'banner',
  props: dispatchBannerProps.parse({ activityCode: 'bank' }),
});
const modules = [
  {
    moduleId: 'm1',
    title: '开户领4999元',
    image: '/mp/activity/demo/bank-dispatch.svg',
    jumpUrl: 'https://m.example.cn/open',
  },
  { moduleId: 'm2', title: '第二个', image: '/mp/activity/demo/second.svg', jumpUrl: '' },
];

describe('dispatch-banner', () => {
  it('asks for the device type and shows only the first module (spec §3)', async () => {
    const services = createFakeServices({
      href: 'https://m.example.cn/mp/activity/bank',
      apiHandler: () => ok(modules),
    });
    renderPage([node()], { services });
    const image = await screen.findByRole('img', { name: '开户领4999元' });
    expect(image.getAttribute('src')).toBe('/mp/activity/demo/bank-dispatch.svg');
    expect(screen.queryByRole('img', { name: '第二个' })).toBeNull();
    expect(services.record.calls[0]).toMatchObject({
      name: 'generalActivity.getDispatchModuleList4C',
      params: { activityCode: 'bank', deviceType: services.env.deviceType },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: '开户领4999元' }));
    await waitFor(() =>
      expect(services.record.navigations.at(-1)?.url).toBe('https://m.example.cn/open'),
    );
  });

  it('shows nothing for an empty list, and a retry when the call fails', async () => {
    const empty = renderPage([node()], {
      services: createFakeServices({ apiHandler: () => ok([]) }),
    });
    await waitFor(() => expect(empty.container.querySelector('.w-dispatch-banner')).toBeNull());
    empty.unmount();
    renderPage([node()], {
      services: createFakeServices({
        apiHandler: () => {
          throw apiFailure(500, 'x');
        },
      }),
    });
    expect(await screen.findByText('推荐位加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('never draws an image address that is not https or a path', async () => {
    const services = createFakeServices({
      apiHandler: () => ok([{ title: 'x', image: 'javascript:alert(1)' }]),
    });
    const { container } = renderPage([node()], { services });
    await waitFor(() => expect(services.record.calls).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('.w-dispatch-banner--loading')).toBeNull());
    expect(container.querySelector('img')).toBeNull();
  });
});
