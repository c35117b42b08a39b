import { describe, expect, it, vi } from 'vitest';
import type { UiService } from '../services/types';
import { TOAST_DURATION_MS, TOAST_SHORT_DURATION_MS, TOAST_Z_INDEX_BASE } from '../spec/constants';
import { createFakeClock } from '../../tests/support/fake-clock';
import { createUiController, LOADING_FADE_MS } from './ui-controller';

function setup() {
  const clock = createFakeClock();
  const controller = createUiController(clock);
  return { clock, controller, ui: controller.service, snap: () => controller.getSnapshot() };
}

describe('createUiController toasts', () => {
  it('closes a default toast after TOAST_DURATION_MS', () => {
    const { clock, ui, snap } = setup();
    ui.toast('hello');
    clock.advance(TOAST_DURATION_MS - 1);
    expect(snap().toasts.map((t) => t.options.text)).toEqual(['hello']);
    clock.advance(1);
    expect(snap().toasts).toEqual([]);
  });

  it('closes a short toast after TOAST_SHORT_DURATION_MS', () => {
    const { clock, ui, snap } = setup();
    ui.toast({ text: 'quick', variant: 'short' });
    clock.advance(TOAST_SHORT_DURATION_MS - 1);
    expect(snap().toasts).toHaveLength(1);
    clock.advance(1);
    expect(snap().toasts).toHaveLength(0);
  });

  it('honours an explicit duration', () => {
    const { clock, ui, snap } = setup();
    ui.toast({ text: 'custom', duration: 10 });
    clock.advance(10);
    expect(snap().toasts).toHaveLength(0);
  });

  it('keeps a keep-alive toast until it is closed', () => {
    const { clock, ui, snap } = setup();
    const close = ui.toast({ text: 'stay', variant: 'masked', keepAlive: true });
    clock.advance(TOAST_DURATION_MS * 10);
    expect(snap().toasts).toHaveLength(1);
    close();
    expect(snap().toasts).toHaveLength(0);
  });

  it('stacks z-index from TOAST_Z_INDEX_BASE, newest on top, and restarts when empty', () => {
    const { clock, ui, snap } = setup();
    ui.toast('a');
    ui.toast('b');
    expect(snap().toasts.map((t) => t.zIndex)).toEqual([
      TOAST_Z_INDEX_BASE,
      TOAST_Z_INDEX_BASE + 1,
    ]);
    clock.advance(TOAST_DURATION_MS);
    ui.toast('c');
    expect(snap().toasts.map((t) => t.zIndex)).toEqual([TOAST_Z_INDEX_BASE]);
  });

  it('notifies subscribers with a new snapshot and stops after unsubscribe', () => {
    const { controller, ui } = setup();
    const listener = vi.fn();
    const before = controller.getSnapshot();
    const unsubscribe = controller.subscribe(listener);
    ui.toast('x');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).not.toBe(before);
    unsubscribe();
    ui.toast('y');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is usable wherever a UiService is expected', () => {
    const service: UiService = setup().ui;
    expect(typeof service.confirm).toBe('function');
  });
});

describe('createUiController dialogs', () => {
  it('queues dialogs and resolves each with its own answer', async () => {
    const { controller, ui, snap } = setup();
    const first = ui.confirm({ text: 'one' });
    const second = ui.confirm({ text: 'two' });
    expect(snap().dialogs.map((d) => d.options.text)).toEqual(['one', 'two']);
    const [a, b] = snap().dialogs;
    controller.settleDialog(a!.id, true);
    controller.settleDialog(b!.id, false);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(snap().dialogs).toEqual([]);
  });

  it('ignores a second settle of the same dialog', async () => {
    const { controller, ui, snap } = setup();
    const answer = ui.confirm({ text: 'once' });
    const id = snap().dialogs[0]!.id;
    controller.settleDialog(id, false);
    controller.settleDialog(id, true);
    await expect(answer).resolves.toBe(false);
  });
});

describe('createUiController loading', () => {
  it('shows, fades for LOADING_FADE_MS, then hides', () => {
    const { clock, ui, snap } = setup();
    ui.loading(true);
    expect(snap().loading).toBe('shown');
    ui.loading(false);
    expect(snap().loading).toBe('closing');
    clock.advance(LOADING_FADE_MS);
    expect(snap().loading).toBe('hidden');
  });

  it('stays up until the last of overlapping callers is done', () => {
    const { ui, snap } = setup();
    ui.loading(true);
    ui.loading(true);
    ui.loading(false);
    expect(snap().loading).toBe('shown');
    ui.loading(false);
    expect(snap().loading).toBe('closing');
  });

  it('comes back if shown again during the fade', () => {
    const { clock, ui, snap } = setup();
    ui.loading(true);
    ui.loading(false);
    ui.loading(true);
    clock.advance(LOADING_FADE_MS * 2);
    expect(snap().loading).toBe('shown');
  });

  it('ignores an unmatched loading(false)', () => {
    const { ui, snap } = setup();
    ui.loading(false);
    expect(snap().loading).toBe('hidden');
    ui.loading(true);
    expect(snap().loading).toBe('shown');
  });

  it('toggles the jump-wait indicator', () => {
    const { ui, snap } = setup();
    ui.jumpWait(true);
    expect(snap().jumpWait).toBe(true);
    ui.jumpWait(false);
    expect(snap().jumpWait).toBe(false);
  });
});
