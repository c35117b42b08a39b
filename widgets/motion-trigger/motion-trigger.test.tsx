import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionInput } from '../../src/engine/actions/action-schema';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { deferred, ok } from '../../tests/support/widget-test-utils';
import { createRaiseDetector, createShakeDetector, joltOf } from './detect';
import { motionTriggerProps } from './schema';

const DRAW: ActionInput[] = [
  { type: 'api', call: 'generalActivity.luckDraw', params: { activityCode: 'demo-luckdraw' } },
];

const node = (props: Record<string, unknown> = {}) => ({
  type: 'motion-trigger',
  id: 'shake',
  props: motionTriggerProps.parse(props),
  on: { trigger: DRAW },
});

const draws = (services: ReturnType<typeof createFakeServices>) =>
  services.record.calls.filter((c) => c.name === 'generalActivity.luckDraw');

/** jsdom has no sensor events: a stand-in class the widget finds on the global object. */
function installSensor(name: 'DeviceMotionEvent' | 'DeviceOrientationEvent', extra = {}) {
  vi.stubGlobal(name, Object.assign(class extends Event {}, extra));
}

const motion = (value: number) =>
  Object.assign(new Event('devicemotion'), {
    acceleration: { x: value, y: 0, z: 0 },
    accelerationIncludingGravity: null,
  });
const tilt = (beta: number) => Object.assign(new Event('deviceorientation'), { beta });

afterEach(() => vi.unstubAllGlobals());

describe('motion-trigger', () => {
  it('runs on.trigger for a shake (two jolts), not for one bump', async () => {
    installSensor('DeviceMotionEvent');
    const services = createFakeServices({ loggedIn: true, apiHandler: () => ok({}) });
    renderPage([node()], { services });
    await screen.findByRole('button', { name: '点击抽奖' });
    await waitFor(() => expect(document.querySelector('[data-listening="true"]')).not.toBeNull());
    act(() => void window.dispatchEvent(motion(30)));
    expect(draws(services)).toHaveLength(0);
    act(() => void window.dispatchEvent(motion(30)));
    await waitFor(() => expect(draws(services)).toHaveLength(1));
  });

  it('fires once while the draw runs, and again after the cool-down', async () => {
    installSensor('DeviceMotionEvent');
    const gate = deferred();
    const services = createFakeServices({ loggedIn: true, apiHandler: () => gate.promise });
    let now = 1_000_000;
    services.clock.now = () => now;
    renderPage([node({ jolts: 1 })], { services });
    await waitFor(() => expect(document.querySelector('[data-listening="true"]')).not.toBeNull());
    act(() => void window.dispatchEvent(motion(30)));
    act(() => void window.dispatchEvent(motion(30)));
    const button = await screen.findByRole('button', { name: '抽奖中…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => gate.resolve(ok({})));
    await screen.findByRole('button', { name: '点击抽奖' });
    act(() => void window.dispatchEvent(motion(30)));
    expect(draws(services)).toHaveLength(1);
    now += 2000;
    act(() => void window.dispatchEvent(motion(30)));
    await waitFor(() => expect(draws(services)).toHaveLength(2));
  });

  it('raises from flat to upright in raiseHead mode', async () => {
    installSensor('DeviceOrientationEvent');
    const services = createFakeServices({ loggedIn: true, apiHandler: () => ok({}) });
    renderPage([node({ mode: 'raiseHead' })], { services });
    expect(await screen.findByText('举起手机即可抽奖')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-listening="true"]')).not.toBeNull());
    act(() => void window.dispatchEvent(tilt(80)));
    expect(draws(services)).toHaveLength(0);
    act(() => void window.dispatchEvent(tilt(10)));
    act(() => void window.dispatchEvent(tilt(80)));
    await waitFor(() => expect(draws(services)).toHaveLength(1));
  });

  it('asks for motion access on a tap where the browser requires it (iOS)', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    installSensor('DeviceMotionEvent', { requestPermission });
    const services = createFakeServices({ loggedIn: true, apiHandler: () => ok({}) });
    renderPage([node({ jolts: 1 })], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '开启体感抽奖' }));
    expect(requestPermission).toHaveBeenCalledOnce();
    await waitFor(() => expect(document.querySelector('[data-listening="true"]')).not.toBeNull());
    act(() => void window.dispatchEvent(motion(30)));
    await waitFor(() => expect(draws(services)).toHaveLength(1));
  });

  it('falls back to the button where there is no sensor or access was refused', async () => {
    installSensor('DeviceMotionEvent', { requestPermission: async () => 'denied' });
    const services = createFakeServices({ loggedIn: true, apiHandler: () => ok({}) });
    renderPage([node()], { services });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '开启体感抽奖' }));
    expect(await screen.findByText('未获得体感权限，可点击按钮抽奖')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '点击抽奖' }));
    await waitFor(() => expect(draws(services)).toHaveLength(1));
  });

  it('says so where the browser has no motion sensors', async () => {
    vi.stubGlobal('DeviceMotionEvent', undefined);
    const services = createFakeServices({ loggedIn: true, apiHandler: () => ok({}) });
    renderPage([node()], { services });
    expect(await screen.findByText('当前设备不支持体感抽奖，请点击按钮抽奖')).toBeTruthy();
  });

  it('asks a visitor to log in instead', async () => {
    const services = createFakeServices({ loggedIn: false });
    renderPage([node()], { services });
    expect(await screen.findByRole('button', { name: '立即登录' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '点击抽奖' })).toBeNull();
  });

  it('detects jolts with or without the gravity-free reading', () => {
    expect(joltOf({ x: 3, y: 4, z: 0 }, null)).toBe(5);
    expect(joltOf({ x: null, y: null, z: null }, { x: 0, y: 0, z: 9.81 })).toBeCloseTo(0);
    const shake = createShakeDetector({ threshold: 15, jolts: 2 });
    expect(shake.push(20, 0)).toBe(false);
    expect(shake.push(20, 1500)).toBe(false); // the first jolt is more than a second old
    expect(shake.push(10, 1600)).toBe(false);
    expect(shake.push(20, 1700)).toBe(true);
    const raise = createRaiseDetector({ raiseAngle: 65 });
    expect([raise.push(70), raise.push(20), raise.push(50), raise.push(66)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});
