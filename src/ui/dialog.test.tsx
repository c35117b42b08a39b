import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DialogOptions } from '../services/types';
import { DIALOG_BUTTON_DEBOUNCE_MS } from '../spec/constants';
import { Dialog, dialogState } from './dialog';
import { createFakeClock, type FakeClock } from '../../tests/support/fake-clock';

let clock: FakeClock;

function renderDialog(options: Partial<DialogOptions> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <Dialog
      open
      clock={clock}
      text="正文"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...options}
    />,
  );
  return { onConfirm, onCancel };
}

beforeEach(() => {
  clock = createFakeClock();
});

const user = () => userEvent.setup();

describe('Dialog', () => {
  it('is a modal dialog labelled by its title, with default copy 取消 / 确定', () => {
    renderDialog({ title: '提示', cancelText: '' });
    const dialog = screen.getByRole('dialog', { name: '提示' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
  });

  it('has no cancel button unless cancelText is given', () => {
    renderDialog();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['确定']);
  });

  it('renders nothing while hidden', () => {
    render(<Dialog open={false} clock={clock} text="x" onConfirm={() => {}} onCancel={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('calls confirm and cancel', async () => {
    const { onConfirm, onCancel } = renderDialog({ cancelText: '算了', confirmText: '好的' });
    await user().click(screen.getByRole('button', { name: '好的' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    clock.advance(DIALOG_BUTTON_DEBOUNCE_MS);
    await user().click(screen.getByRole('button', { name: '算了' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks within DIALOG_BUTTON_DEBOUNCE_MS of the last one', async () => {
    const { onConfirm } = renderDialog();
    const confirm = screen.getByRole('button', { name: '确定' });
    const u = user();
    await u.click(confirm);
    await u.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    act(() => clock.advance(DIALOG_BUTTON_DEBOUNCE_MS));
    await u.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('counts down: confirm disabled and showing the seconds left, then enabled', () => {
    const { onConfirm } = renderDialog({ countdown: 3 });
    const confirm = screen.getByRole('button', { name: /确定/ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.textContent).toContain('3');
    expect(screen.getByRole('dialog').parentElement!.dataset.state).toBe('counting-down');
    act(() => clock.advance(1_000));
    expect(confirm.textContent).toContain('2');
    act(() => clock.advance(2_000));
    expect(confirm.disabled).toBe(false);
    expect(confirm.textContent).toBe('确定');
    expect(screen.getByRole('dialog').parentElement!.dataset.state).toBe('shown');
    confirm.click();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape as cancel', async () => {
    const { onCancel, onConfirm } = renderDialog();
    await user().keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('traps focus inside and returns it to the opener after close', async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button onClick={() => setOpen(true)}>open</button>
          <button>outside</button>
          <Dialog
            open={open}
            clock={clock}
            title="t"
            text="x"
            cancelText="取消"
            onConfirm={() => setOpen(false)}
            onCancel={() => setOpen(false)}
          />
        </>
      );
    }
    render(<Page />);
    const u = user();
    const opener = screen.getByRole('button', { name: 'open' });
    await u.click(opener);
    const confirm = screen.getByRole('button', { name: '确定' });
    const cancel = screen.getByRole('button', { name: '取消' });
    expect(document.activeElement).toBe(confirm);
    await u.tab();
    expect(document.activeElement).toBe(cancel);
    await u.tab();
    expect(document.activeElement).toBe(confirm);
    await u.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);
    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('focuses cancel while the confirm button is counting down', () => {
    renderDialog({ countdown: 2, cancelText: '取消' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '取消' }));
  });
});

describe('dialogState', () => {
  it('maps to shown / hidden / counting-down', () => {
    expect(dialogState(false, 3)).toBe('hidden');
    expect(dialogState(true, 3)).toBe('counting-down');
    expect(dialogState(true, 0)).toBe('shown');
  });
});
