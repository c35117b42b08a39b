import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../src/engine/data/use-api';
import { WidgetRegistry } from '../../src/engine/registry/widget-registry';
import type { ClientWidget } from '../../src/engine/registry/widget-component';
import { renderPage } from '../../tests/support/render-page';
import { createFakeServices, type FakeApiHandler } from '../../tests/support/fake-services';
import type { ApiEnvelope } from '../../src/services/types';
import { taskListMeta } from './meta';
import { taskListProps } from './schema';

/** Reads the remaining chances like the lucky draw does, to see the cache refresh. */
function ChanceProbe() {
  const { data } = useApi('generalActivity.getRemainChance', {
    activityCode: 'demo',
  });
  return <p>机会{data?.result?.remainChance ?? '-'}</p>;
}

const registry = new WidgetRegistry([
  ['task-list', { meta: taskListMeta, load: () => import('./task-list') } satisfies ClientWidget],
  ['probe', { meta: { prerender: 'render' }, load: async () => ({ default: ChanceProbe }) }],
]);

const TASKS = [
  { taskId: 'visit', title: '访问活动页', kind: 'visit', status: 2, rewardChances: 1 },
  {
    taskId: 'mall',
    title: '逛商城',
    kind: 'browse',
    status: 0,
    jumpUrl: '/mp/activity/points-mall',
    rewardChances: 1,
  },
  {
    taskId: 'video',
    title: '看视频',
    kind: 'external',
    externalTaskType: 1,
    status: 0,
    jumpUrl: 'mivideo://home',
    rewardGoldRice: 50,
  },
  { taskId: 'share', title: '分享好友', kind: 'browse', status: 0, rewardChances: 2 },
  {
    taskId: 'bank',
    title: '开户',
    kind: 'external',
    status: 1,
    jumpUrl: 'https://bank.example/open',
    rewardChances: 3,
    rewardGoldRice: 500,
  },
];

function setup(
  options: {
    loggedIn?: boolean;
    handler?: FakeApiHandler;
    status?: string;
    props?: object;
  } = {},
) {
  let chances = 1;
  const apiHandler: FakeApiHandler = async (name, params) => {
    const custom = await options.handler?.(name, params);
    if (custom) return custom;
    if (name === 'configActivity.getSingleConfigActivity4c')
      return { code: 1, result: { activityCode: 'demo', status: options.status ?? 'ongoing' } };
    if (name === 'generalActivity.getTaskList') return { code: 0, result: { list: TASKS } };
    if (name === 'generalActivity.getRemainChance')
      return { code: 0, result: { remainChance: chances } };
    if (name === 'generalActivity.completeTask') {
      chances += 3;
      return {
        code: 0,
        result: {
          taskId: params?.taskId,
          taskLogId: 9,
          firstTime: true,
          reward: { chances: 3, goldRiceCents: 500 },
        },
      };
    }
    return { code: 0, result: null };
  };
  const services = createFakeServices({ apiHandler, loggedIn: options.loggedIn ?? true });
  renderPage(
    [
      { type: 'task-list', id: 'tasks', props: taskListProps.parse({ ...options.props }) },
      { type: 'probe', id: 'probe', props: {} },
    ],
    { services, registry, document: { activity: { code: 'demo' } } },
  );
  const callsOf = (name: string) =>
    services.record.calls.filter((c) => c.name === `generalActivity.${name}`);
  return { services, callsOf };
}

const button = (name: string) => screen.findByRole('button', { name });

describe('task-list', () => {
  it('shows go / claim / done states, rewards and progress', async () => {
    setup();
    expect(((await button('已完成：访问活动页')) as HTMLButtonElement).disabled).toBe(true);
    expect(await button('去完成：逛商城')).toBeTruthy();
    expect(await button('领取：分享好友')).toBeTruthy();
    expect(await button('领取：开户')).toBeTruthy();
    expect(screen.getByText('已完成1/5')).toBeTruthy();
    expect(screen.getByText(/奖励：3次抽奖机会、5.00金米/)).toBeTruthy();
  });

  it('"go" records the opening, then deep-links an external task out', async () => {
    const t = setup();
    await userEvent.click(await button('去完成：看视频'));
    await waitFor(() => expect(t.services.record.opened).toEqual(['mivideo://home']));
    expect(t.callsOf('clickTask')[0]?.params).toEqual({ activityCode: 'demo', taskId: 'video' });
  });

  it("lists the bank back end's tasks with banker/taskDetail (spec §7)", async () => {
    const t = setup({
      props: { source: 'banker/taskDetail' },
      handler: (name) =>
        name === 'banker.taskDetail'
          ? { code: 0, result: { list: TASKS.slice(0, 2) } }
          : (undefined as unknown as ApiEnvelope),
    });
    expect(await button('去完成：逛商城')).toBeTruthy();
    expect(screen.getByText('已完成1/2')).toBeTruthy();
    expect(t.services.record.calls.find((c) => c.name === 'banker.taskDetail')?.params).toEqual({
      activityCode: 'demo',
    });
    expect(t.callsOf('getTaskList')).toHaveLength(0);
  });

  it('re-checks the tasks when the page becomes visible again', async () => {
    const t = setup();
    await button('去完成：看视频');
    const before = t.callsOf('getTaskList').length;
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(t.callsOf('getTaskList').length).toBe(before + 1));
  });

  it('a claim toasts the reward and refreshes the chances', async () => {
    const t = setup();
    expect(await screen.findByText('机会1')).toBeTruthy();
    await userEvent.click(await button('领取：开户'));
    await waitFor(() =>
      expect(t.services.record.toasts.map((x) => x.text)).toContain(
        '领取成功，获得3次抽奖机会、5.00金米',
      ),
    );
    expect(await screen.findByText('机会4')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('5.00金米');
  });

  it('a double tap claims once', async () => {
    let release: (value: ApiEnvelope) => void = () => undefined;
    const t = setup({
      handler: (name) =>
        name === 'generalActivity.completeTask'
          ? new Promise<ApiEnvelope>((resolve) => (release = resolve))
          : (undefined as unknown as ApiEnvelope),
    });
    const claim = await button('领取：分享好友');
    await userEvent.click(claim);
    await userEvent.click(claim);
    await userEvent.click(await button('领取：开户'));
    expect(t.callsOf('completeTask')).toHaveLength(1);
    release({ code: 0, result: { firstTime: true, reward: { chances: 2 } } });
    await waitFor(() =>
      expect(t.services.record.toasts[0]?.text).toBe('领取成功，获得2次抽奖机会'),
    );
  });

  it('a claim the server refuses (403) says the task is not done', async () => {
    const t = setup({
      handler: (name) =>
        name === 'generalActivity.completeTask'
          ? Promise.reject({ code: 403, msg: 'open the task before completing it' })
          : (undefined as unknown as ApiEnvelope),
    });
    await userEvent.click(await button('领取：开户'));
    await waitFor(() => expect(t.services.record.toasts[0]?.text).toBe('请先完成任务再领取'));
  });

  it('not logged in: the button starts the login flow, nothing is sent', async () => {
    const t = setup({ loggedIn: false });
    await userEvent.click(await button('去登录：分享好友'));
    await waitFor(() => expect(t.services.record.logins).toBe(1));
    expect(t.callsOf('completeTask')).toHaveLength(0);
  });

  it('an ended activity disables every task', async () => {
    setup({ status: 'ended' });
    expect(((await button('已结束：分享好友')) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loading shows a fixed-height skeleton; an error shows retry; empty says so', async () => {
    let fail = true;
    let empty = false;
    const t = setup({
      handler: (name) => {
        if (name !== 'generalActivity.getTaskList') return undefined as unknown as ApiEnvelope;
        if (fail) return Promise.reject(new Error('boom'));
        return empty ? { code: 0, result: { list: [] } } : (undefined as unknown as ApiEnvelope);
      },
    });
    const skeleton = document.querySelector<HTMLElement>('.w-task-list__skeleton');
    expect(skeleton?.style.height).toBe('304px');
    expect(await screen.findByText('任务加载失败')).toBeTruthy();
    fail = false;
    empty = true;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('暂无任务，敬请期待')).toBeTruthy();
    expect(t.callsOf('getTaskList')).toHaveLength(2);
  });

  it('operator copy replaces server titles; hidden tasks are left out', async () => {
    setup({
      props: {
        tasks: [
          { taskId: 'share', title: '邀请好友助力' },
          { taskId: 'bank', hidden: true },
        ],
      },
    });
    expect(await button('领取：邀请好友助力')).toBeTruthy();
    expect(screen.queryByText('开户')).toBeNull();
  });

  it('lists the new-user welfare tasks from newUserWelfareTask, for logged-in visitors only', async () => {
    const welfare: FakeApiHandler = (name) =>
      name === 'generalActivity.newUser/newUserWelfareTask'
        ? { code: 0, result: { isNewUser: true, list: [TASKS[3]] } }
        : (undefined as unknown as ApiEnvelope);
    const t = setup({ handler: welfare, props: { source: 'newUser/newUserWelfareTask' } });
    expect(await button('领取：分享好友')).toBeTruthy();
    expect(t.callsOf('newUser/newUserWelfareTask')[0]?.params).toEqual({ activityCode: 'demo' });

    const out = setup({
      loggedIn: false,
      handler: welfare,
      props: { source: 'newUser/newUserWelfareTask', loginText: '登录领福利' },
    });
    expect(await screen.findByText('登录后查看新人福利任务')).toBeTruthy();
    expect(out.callsOf('newUser/newUserWelfareTask')).toHaveLength(0);
  });
});
