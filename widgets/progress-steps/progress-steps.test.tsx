import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices } from '../../tests/support/fake-services';
import { ok } from '../../tests/support/widget-test-utils';
import { progressStepsProps } from './schema';
import { currentIndex, stepStates } from './steps';

const STEPS = [
  { key: 'apply', label: '提交申请' },
  { key: 'review', label: '审核中' },
  { key: 'paid', label: '补贴到账' },
];

const node = (props: Record<string, unknown>) => ({
  type: 'progress-steps',
  id: 'steps',
  props: progressStepsProps.parse({ steps: STEPS, ...props }),
});

const stateOf = (label: string) =>
  screen.getByText(label).closest('li')?.getAttribute('data-state');

describe('progress-steps', () => {
  it('marks steps before current as done and the current one for assistive tech', async () => {
    renderPage([node({ title: '申请进度', current: 1 })]);
    expect(await screen.findByRole('list', { name: '申请进度' })).toBeTruthy();
    expect(stateOf('提交申请')).toBe('done');
    expect(stateOf('审核中')).toBe('current');
    expect(stateOf('补贴到账')).toBe('todo');
    expect(screen.getByText('审核中').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('已完成')).toBeTruthy();
  });

  it('reads current from a page data source, by index or by step key', async () => {
    const services = createFakeServices({
      apiHandler: (name) => (name === 'installment.reachLimit' ? ok({ step: 'paid' }) : ok(null)),
    });
    renderPage([node({ current: '{{data.flow.step}}' })], {
      services,
      document: { data: { flow: { call: 'installment.reachLimit' } } } as never,
    });
    await screen.findByText('补贴到账');
    await expect.poll(() => stateOf('补贴到账')).toBe('current');
    expect(stateOf('审核中')).toBe('done');
  });

  it('derives the current step from bound done flags when current is absent', () => {
    const steps = [
      { label: 'a', done: true },
      { label: 'b', done: 2 },
      { label: 'c', done: undefined },
      { label: 'd', done: 'false' },
    ];
    expect(stepStates(steps, undefined)).toEqual(['done', 'done', 'current', 'todo']);
    expect(stepStates([{ done: 1 }, { done: true }], undefined)).toEqual(['done', 'done']);
  });

  it('lets a step state win over current and shows every step done past the end', () => {
    expect(stepStates(STEPS, 5)).toEqual(['done', 'done', 'done']);
    expect(stepStates([{ state: 'todo' }, {}, {}], 2)).toEqual(['todo', 'done', 'current']);
    // An unknown or missing answer shows the start, never a finished process.
    expect(currentIndex(undefined, STEPS)).toBe(0);
    expect(currentIndex('nope', STEPS)).toBe(0);
    expect(currentIndex('2', STEPS)).toBe(2);
  });

  it('refuses a current that is neither a number nor a binding', () => {
    expect(progressStepsProps.safeParse({ steps: STEPS, current: 'two' }).success).toBe(false);
    expect(progressStepsProps.safeParse({ steps: STEPS, current: '{{data.x}}' }).success).toBe(
      true,
    );
  });
});
