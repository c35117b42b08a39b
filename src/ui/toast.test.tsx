import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOAST_Z_INDEX_BASE } from '../spec/constants';
import { Toast, ToastStack } from './toast';

describe('Toast', () => {
  it('renders the html variant as text with a mask and the dark theme', () => {
    const text = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { container } = render(
      <Toast options={{ text, variant: 'html' }} zIndex={TOAST_Z_INDEX_BASE} onClose={() => {}} />,
    );
    expect(screen.getByText(text)).toBeTruthy();
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByTestId('ui-toast-mask')).toBeTruthy();
    expect(screen.getByTestId('ui-toast').className).toContain('ui-toast--html');
  });

  it('has no mask and no buttons in the default variant', () => {
    render(<Toast options={{ text: 'plain' }} zIndex={TOAST_Z_INDEX_BASE} onClose={() => {}} />);
    expect(screen.queryByTestId('ui-toast-mask')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives the masked variant a close icon and a button that both close it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onButton = vi.fn();
    render(
      <Toast
        options={{ text: 'masked', variant: 'masked', buttonText: '去看看', onButton }}
        zIndex={TOAST_Z_INDEX_BASE}
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('ui-toast-mask')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '去看看' }));
    expect(onButton).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('defaults the masked button label to 确定', () => {
    render(
      <Toast
        options={{ text: 'm', variant: 'masked' }}
        zIndex={TOAST_Z_INDEX_BASE}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
  });
});

describe('ToastStack', () => {
  it('announces toasts in a polite status region, newest with the highest z-index', () => {
    render(
      <ToastStack
        toasts={[
          { id: 1, options: { text: 'older' }, zIndex: TOAST_Z_INDEX_BASE },
          { id: 2, options: { text: 'newer' }, zIndex: TOAST_Z_INDEX_BASE + 1 },
        ]}
        onClose={() => {}}
      />,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('older');
    const [older, newer] = screen.getAllByTestId('ui-toast');
    expect(Number(older!.style.zIndex)).toBe(TOAST_Z_INDEX_BASE);
    expect(Number(newer!.style.zIndex)).toBe(TOAST_Z_INDEX_BASE + 1);
  });

  it('keeps the region mounted while empty', () => {
    render(<ToastStack toasts={[]} onClose={() => {}} />);
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
