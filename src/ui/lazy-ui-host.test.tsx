import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../../tests/support/fake-clock';
import { createLazyUiHost } from './lazy-ui-host';
import { createUiController } from './ui-controller';

function setup(load: Parameters<typeof createLazyUiHost>[0] = () => import('./ui-host')) {
  const loader = vi.fn(load);
  const { LazyUiHost } = createLazyUiHost(loader);
  const controller = createUiController(createFakeClock());
  const onError = vi.fn();
  render(<LazyUiHost controller={controller} onError={onError} />);
  return { loader, ui: controller.service, onError };
}

describe('LazyUiHost', () => {
  it('mounts the live region at once but loads the kit only when there is something to show', async () => {
    const { loader, ui } = setup();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(loader).not.toHaveBeenCalled();
    act(() => ui.toast('已复制'));
    expect(await screen.findByText('已复制')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(1);
    // The toast landed in the region that existed before it (screen readers announce it).
    expect(screen.getAllByRole('status')[0]?.textContent).toContain('已复制');
  });

  it('answers a confirm queued before the kit loaded', async () => {
    const { ui } = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = ui.confirm({ title: '确认', text: '继续吗' });
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '确定' }));
    await expect(answer).resolves.toBe(true);
  });

  it('settles dialogs as cancelled and reports when the kit cannot load', async () => {
    // React logs the caught load error; the report to onError is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('chunk failed');
    const { ui, onError } = setup(() => Promise.reject(failure));
    let answer!: Promise<boolean>;
    act(() => {
      answer = ui.confirm({ text: '继续吗' });
    });
    await expect(answer).resolves.toBe(false);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(screen.getByRole('status')).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('still shows a toast, plainly, when the kit cannot load (offline, issue 19)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { ui, onError } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    act(() => ui.toast('网络连接失败，请检查网络后再试'));
    const toast = await screen.findByText('网络连接失败，请检查网络后再试');
    // In the live region that was there from the start, so it is announced too.
    expect(screen.getByRole('status').contains(toast)).toBe(true);
    expect(onError).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
