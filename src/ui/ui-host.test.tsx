import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DIALOG_BUTTON_DEBOUNCE_MS, TOAST_DURATION_MS } from '../spec/constants';
import { createFakeClock } from '../../tests/support/fake-clock';
import { createUiController, LOADING_FADE_MS } from './ui-controller';
import { UiHost } from './ui-host';

function setup() {
  const clock = createFakeClock();
  const controller = createUiController(clock);
  render(<UiHost controller={controller} />);
  return { clock, ui: controller.service };
}

describe('UiHost', () => {
  it('points at the messaging app’s menu with the share guide until tapped (or Escape)', async () => {
    const { ui } = setup();
    const user = userEvent.setup();
    act(() => ui.menuGuide('点击右上角「···」，分享给好友'));
    const guide = screen.getByRole('dialog', { name: '点击右上角「···」，分享给好友' });
    expect(guide.textContent).toContain('知道了');
    await user.click(guide);
    expect(screen.queryByTestId('ui-menu-guide')).toBeNull();
    act(() => ui.menuGuide('again'));
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('ui-menu-guide')).toBeNull();
  });

  it('shows a toast called from outside React and removes it when it expires', () => {
    const { clock, ui } = setup();
    act(() => ui.toast('已复制'));
    expect(screen.getByRole('status').textContent).toContain('已复制');
    act(() => clock.advance(TOAST_DURATION_MS));
    expect(screen.queryByText('已复制')).toBeNull();
  });

  it('closes a masked keep-alive toast with its close icon', async () => {
    const { clock, ui } = setup();
    act(() => void ui.toast({ text: '请先打开App', variant: 'masked', keepAlive: true }));
    act(() => clock.advance(TOAST_DURATION_MS * 4));
    expect(screen.getByText('请先打开App')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByText('请先打开App')).toBeNull();
  });

  it('resolves confirm() with the button pressed, one dialog at a time', async () => {
    const { clock, ui } = setup();
    const user = userEvent.setup();
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = ui.confirm({ title: '第一', text: 'a' });
      second = ui.confirm({ title: '第二', text: 'b', cancelText: '取消' });
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '确定' }));
    await expect(first).resolves.toBe(true);
    expect(screen.getByRole('dialog', { name: '第二' })).toBeTruthy();
    // A double tap lands on the next dialog: it must be ignored.
    await user.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByRole('dialog', { name: '第二' })).toBeTruthy();
    act(() => clock.advance(DIALOG_BUTTON_DEBOUNCE_MS));
    await user.click(screen.getByRole('button', { name: '取消' }));
    await expect(second).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resolves false on Escape', async () => {
    const { ui } = setup();
    let answer!: Promise<boolean>;
    act(() => {
      answer = ui.confirm({ text: 'esc' });
    });
    await userEvent.setup().keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
  });

  it('shows the loading overlay, fades it, then removes it', () => {
    const { clock, ui } = setup();
    act(() => ui.loading(true));
    expect(screen.getByTestId('ui-loading').dataset.state).toBe('shown');
    act(() => ui.loading(false));
    expect(screen.getByTestId('ui-loading').dataset.state).toBe('closing');
    act(() => clock.advance(LOADING_FADE_MS));
    expect(screen.queryByTestId('ui-loading')).toBeNull();
  });

  it('shows the jump-wait indicator while a deep link is tried', () => {
    const { ui } = setup();
    act(() => ui.jumpWait(true));
    expect(screen.getByTestId('ui-jump-wait').textContent).toContain('正在打开App');
    act(() => ui.jumpWait(false));
    expect(screen.queryByTestId('ui-jump-wait')).toBeNull();
  });
});
