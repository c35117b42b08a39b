/**
 * The claim's own chunk (./task-flow.ts, decision 0035) failing to load on the tap: a clear
 * message, nothing sent, the button works again and the next tap loads it and claims.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import { taskListProps } from './schema';

const chunk = vi.hoisted(() => ({ fail: true }));
vi.mock('./task-flow', async (importOriginal) => {
  if (chunk.fail) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

/** Vitest wraps the factory's error: the widget's own failure text (see lucky-draw-chunk.test). */
const LOAD_FAILED = taskListProps.parse({}).claimErrorText;

describe('task-list, its claim chunk failing to load', () => {
  it('says so, sends nothing, and the next tap claims', async () => {
    const apiHandler: FakeApiHandler = (name) => {
      if (name === 'generalActivity.getTaskList') {
        return {
          code: 0,
          result: { list: [{ taskId: 'share', title: '分享好友', status: 1, rewardChances: 2 }] },
        };
      }
      if (name === 'generalActivity.completeTask') {
        return { code: 0, result: { firstTime: true, reward: { chances: 2 } } };
      }
      return { code: 0, result: null };
    };
    const services = createFakeServices({ apiHandler, loggedIn: true });
    const props = taskListProps.parse({ activityCode: 'demo' });
    renderPage([{ type: 'task-list', id: 'tasks', props }], { services });
    const claims = () =>
      services.record.calls.filter((c) => c.name === 'generalActivity.completeTask');
    const button = await screen.findByRole('button', { name: '领取：分享好友' });

    await userEvent.click(button);
    await waitFor(() => expect(services.record.toasts.map((x) => x.text)).toEqual([LOAD_FAILED]));
    expect(screen.getByRole('status').textContent).toBe(LOAD_FAILED);
    expect(claims()).toHaveLength(0);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('false'));

    chunk.fail = false;
    await userEvent.click(button);
    await waitFor(() =>
      expect(services.record.toasts.map((x) => x.text)).toContain('领取成功，获得2次抽奖机会'),
    );
    expect(claims()).toHaveLength(1);
  });
});
