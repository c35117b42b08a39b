import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEEP_LINK_POLL_INTERVAL_MS } from '../spec/constants';
import { createFakeServices } from '../../tests/support/fake-services';
import { LANDING_COPY, runLanding, type LandingDeps } from './landing-page';
import { DEFAULT_LANDING_TIMEOUT_MS, type LandingParams } from './landing-params';

function setup() {
  const root = document.createElement('main');
  document.body.appendChild(root);
  let hidden = false;
  const launcher = { launch: vi.fn() };
  const deps: LandingDeps = {
    root,
    clock: createFakeServices().clock,
    launcher,
    isHidden: () => hidden,
    ownOrigin: 'https://campaign.example',
  };
  return { root, deps, launcher, hide: () => void (hidden = true) };
}

const params = (schema: string | null, extra: Partial<LandingParams> = {}): LandingParams => ({
  schema,
  timeoutMs: DEFAULT_LANDING_TIMEOUT_MS,
  limitSchemes: null,
  ...extra,
});

const button = (root: HTMLElement) => root.querySelector('button');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.textContent = '';
});

describe('landing page', () => {
  it('launches the validated, normalised target at once', async () => {
    const t = setup();
    const outcome = runLanding(t.deps, params('MIPAY://home?a=1'));
    expect(t.launcher.launch).toHaveBeenCalledWith('mipay://home?a=1');
    t.hide();
    await vi.advanceTimersByTimeAsync(DEEP_LINK_POLL_INTERVAL_MS);
    await expect(outcome).resolves.toBe('opened');
    expect(button(t.root)?.hidden).toBe(true);
  });

  it('shows the large open button when the app did not open, and it relaunches', async () => {
    const t = setup();
    const outcome = runLanding(t.deps, params('mifinance://home'));
    await vi.advanceTimersByTimeAsync(DEFAULT_LANDING_TIMEOUT_MS - 1);
    expect(button(t.root)?.hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('button');
    const b = button(t.root);
    expect(b?.hidden).toBe(false);
    expect(b?.textContent).toBe(LANDING_COPY.button);
    b?.click();
    expect(t.launcher.launch).toHaveBeenCalledTimes(2);
    expect(t.launcher.launch).toHaveBeenLastCalledWith('mifinance://home');
  });

  it('honours the timeout parameter', async () => {
    const t = setup();
    const outcome = runLanding(t.deps, params('mipay://x', { timeoutMs: 500 }));
    await vi.advanceTimersByTimeAsync(500);
    await expect(outcome).resolves.toBe('button');
  });

  it.each([null, '', 'javascript:alert(1)', 'https://evil.com/', '//evil.com', 'java\tscript:x'])(
    'refuses %j with a clear message and launches nothing',
    async (schema) => {
      const t = setup();
      await expect(runLanding(t.deps, params(schema))).resolves.toBe('refused');
      expect(t.launcher.launch).not.toHaveBeenCalled();
      expect(t.root.querySelector('[role=alert]')?.textContent).toBe(LANDING_COPY.refused);
      expect(button(t.root)).toBeNull();
    },
  );

  it('limitApp refuses other schemes', async () => {
    const t = setup();
    const outcome = runLanding(t.deps, params('miwallet://x', { limitSchemes: ['mipay'] }));
    await expect(outcome).resolves.toBe('refused');
    expect(t.launcher.launch).not.toHaveBeenCalled();
    const ok = setup();
    void runLanding(ok.deps, params('mipay://x', { limitSchemes: ['mipay'] }));
    expect(ok.launcher.launch).toHaveBeenCalledWith('mipay://x');
  });
});
