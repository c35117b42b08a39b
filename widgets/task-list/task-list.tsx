import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../src/engine/data/use-api';
import { errorText } from '../_campaign-kit/api-error';
import { activityTimingOf } from '../_campaign-kit/loose/activity';
import { dataStates } from '../_campaign-kit/states';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import type * as TaskFlow from './task-flow';
import type { TaskListProps } from './schema';
import { rewardText, tasksOf, type Task } from './task-data';
import { TASK_SOURCES } from './task-sources';
import { usePageVisible } from './use-page-visible';
import './task-list.css';

const SKELETON_ROWS = 4;

// What a task's tap does (claim, receive and jump) runs only after a tap: its chunk loads at the
// visitor's first intent and the tap awaits it if it is not there yet (decision 0035).
let taskFlow: Promise<typeof TaskFlow> | undefined;
/** Loaded once; a failed load is tried again on the next call (the next tap). */
const loadTaskFlow = () =>
  (taskFlow ??= import('./task-flow').catch((error: unknown) => {
    taskFlow = undefined;
    throw error;
  }));

function phaseOf(activity: unknown, code: string): 'notStarted' | 'live' | 'ended' {
  const timing = activityTimingOf(activity);
  if (!timing || (timing.activityCode !== null && timing.activityCode !== code)) return 'live';
  if (timing.status === 'notStarted') return 'notStarted';
  return timing.status === 'ended' || timing.status === 'closed' ? 'ended' : 'live';
}

export default function TaskList({ props, emit }: WidgetComponentProps<TaskListProps>) {
  const services = useServices();
  const page = usePage();
  const { mutate } = useSWRConfig();
  const code = props.activityCode ?? page.document.activity?.code ?? '';
  const params =
    props.source === 'getTaskList' && props.groupId
      ? { activityCode: code, groupId: props.groupId }
      : { activityCode: code };
  // The welfare list is the caller's own (auth 'user'): never sent for a visitor, whose 401
  // would start the login flow (spec §6) before they asked to log in.
  const userOnly = props.source === 'newUser/newUserWelfareTask';
  const query = useApi(
    code && !(userOnly && !services.auth.isLoggedIn()) ? TASK_SOURCES[props.source] : null,
    params,
  );
  // External tasks are done in another app: check again when the visitor comes back.
  usePageVisible(() => void query.mutate());
  const lock = useRef(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(
    () => services.clock.whenIntent(() => void loadTaskFlow().catch(() => undefined)),
    [services.clock],
  );
  const loggedIn = services.auth.isLoggedIn();
  const phase = phaseOf(page.scope.activity, code);

  const overrides = new Map(props.tasks.map((t) => [t.taskId, t]));
  const tasks = tasksOf(query.data?.result, props.groupId).flatMap((task): Task[] => {
    const o = overrides.get(task.taskId);
    if (o?.hidden) return [];
    return [
      {
        ...task,
        title: o?.title ?? task.title,
        desc: o?.desc ?? task.desc,
        icon: o?.icon ?? task.icon,
      },
    ];
  });

  const say = (text: string) => {
    services.ui.toast(text);
    setAnnouncement(text);
  };

  const press = async (task: Task) => {
    if (lock.current) return;
    if (!loggedIn) {
      await page.run([{ type: 'login' }]);
      return;
    }
    lock.current = true;
    setBusyId(task.taskId);
    try {
      let flow: typeof TaskFlow;
      try {
        flow = await loadTaskFlow();
      } catch (error) {
        // The tap's code did not load: nothing was sent; the button works again.
        services.logger.report(error, { widget: 'task-list', kind: 'chunk' });
        say(errorText(error, props.claimErrorText));
        return;
      }
      await flow.runTask({ services, page, props, code, mutate, emit, say, rewardText }, task);
    } finally {
      await query.mutate();
      lock.current = false;
      setBusyId(null);
    }
  };

  const buttonOf = (task: Task): { label: string; enabled: boolean } => {
    if (phase === 'notStarted') return { label: props.notStartedText, enabled: false };
    if (phase === 'ended') return { label: props.endedText, enabled: false };
    if (task.status === 2) return { label: props.doneText, enabled: false };
    if (task.kind === 'visit') return { label: props.autoText, enabled: false };
    if (!loggedIn) return { label: props.loginText, enabled: true };
    if (task.status === 1 || !task.jumpUrl) return { label: props.claimText, enabled: true };
    return { label: props.goText, enabled: true };
  };

  const state = dataStates({
    loggedOut:
      userOnly && !loggedIn ? (
        <div className="w-task-list__message">
          <p>登录后查看新人福利任务</p>
          <button
            type="button"
            className="w-task-list__retry"
            onClick={() => void page.run([{ type: 'login' }])}
          >
            {props.loginText}
          </button>
        </div>
      ) : undefined,
    call: query,
    errorText: props.errorText,
    loading: (
      <div
        className="w-task-list__skeleton"
        role="status"
        aria-busy="true"
        aria-label="加载中"
        style={{ height: `${SKELETON_ROWS * 76}px` }}
      />
    ),
  });
  let body;
  if (!code) body = <p className="w-task-list__message">任务活动未配置</p>;
  else if (state !== null) body = state;
  else if (tasks.length === 0) body = <p className="w-task-list__message">{props.emptyText}</p>;
  else {
    body = (
      <ul className="w-task-list__items">
        {tasks.map((task) => {
          const button = buttonOf(task);
          const busy = busyId === task.taskId;
          return (
            <li key={task.taskId} className="w-task-list__item" data-status={task.status}>
              {task.icon ? (
                <img
                  className="w-task-list__icon"
                  src={task.icon}
                  alt=""
                  width={44}
                  height={44}
                  loading="lazy"
                />
              ) : null}
              <div className="w-task-list__text">
                <p className="w-task-list__name">{task.title}</p>
                <p className="w-task-list__reward">
                  {task.desc ? `${task.desc} · ` : ''}
                  {`奖励：${rewardText(
                    task.rewardChances,
                    task.rewardGoldRice,
                    task.rewardLabel,
                    props.goldRiceUnit,
                  )}`}
                </p>
              </div>
              <button
                type="button"
                className={`w-task-list__button w-task-list__button--${task.status === 1 ? 'claim' : 'go'}`}
                disabled={!button.enabled}
                aria-busy={busy}
                aria-label={`${button.label}：${task.title}`}
                onClick={() => void press(task)}
              >
                {button.label}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  const doneCount = tasks.filter((t) => t.status === 2).length;
  return (
    <div className="w-task-list">
      <div className="w-task-list__header">
        <h2 className="w-task-list__title">{props.title}</h2>
        {props.progressText && tasks.length > 0 ? (
          <span className="w-task-list__progress">
            {props.progressText
              .replace('{done}', String(doneCount))
              .replace('{total}', String(tasks.length))}
          </span>
        ) : null}
      </div>
      {tasks.length > 0 ? (
        <progress
          className="w-task-list__bar"
          max={tasks.length}
          value={doneCount}
          aria-label="任务进度"
        />
      ) : null}
      {body}
      <p className="w-task-list__sr" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
