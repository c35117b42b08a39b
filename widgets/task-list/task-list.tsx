import { useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../../src/engine/data/use-api';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState } from '../_campaign-kit/states';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { payloadOf } from '../../src/services/api/special-cases';
import { useServices } from '../../src/services/context';
import type { TaskListProps } from './schema';
import { jumpAction, parseCompletion, parseTasks, rewardText, type Task } from './task-data';
import { usePageVisible } from './use-page-visible';
import './task-list.css';

const SKELETON_ROWS = 4;

function phaseOf(activity: unknown, code: string): 'notStarted' | 'live' | 'ended' {
  if (typeof activity !== 'object' || activity === null) return 'live';
  const { activityCode, status } = activity as { activityCode?: unknown; status?: unknown };
  if (activityCode !== undefined && activityCode !== code) return 'live';
  if (status === 'notStarted') return 'notStarted';
  return status === 'ended' || status === 'closed' ? 'ended' : 'live';
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
    code && !(userOnly && !services.auth.isLoggedIn()) ? `generalActivity.${props.source}` : null,
    params,
  );
  // External tasks are done in another app: check again when the visitor comes back.
  usePageVisible(() => void query.mutate());
  const lock = useRef(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const loggedIn = services.auth.isLoggedIn();
  const phase = phaseOf(page.scope.activity, code);

  const overrides = new Map(props.tasks.map((t) => [t.taskId, t]));
  const tasks = parseTasks(query.data, props.groupId).flatMap((task): Task[] => {
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

  const claim = async (task: Task) => {
    const done = parseCompletion(
      await services.api.call('generalActivity.completeTask', {
        activityCode: code,
        taskId: task.taskId,
      }),
    );
    if (!done.firstTime) {
      say(props.alreadyClaimedText);
      return;
    }
    let { chances, goldRiceCents } = done;
    if (chances + goldRiceCents === 0 && done.taskLogId > 0) {
      // The answer did not say what was paid: ask the task log (getUserTaskPrizeInfo).
      const info = payloadOf(
        await services.api.call('generalActivity.getUserTaskPrizeInfo', {
          activityCode: code,
          taskLogId: done.taskLogId,
        }),
      ) as { chances?: unknown; goldRice?: unknown } | null;
      chances = Number(info?.chances) || 0;
      goldRiceCents = Number(info?.goldRice) || 0;
    }
    const reward = rewardText(
      chances,
      goldRiceCents,
      done.label || task.rewardLabel,
      props.goldRiceUnit,
    );
    say(props.rewardToast.replace('{reward}', reward));
    const refresh = new Set(props.refreshCalls);
    void mutate((key) => Array.isArray(key) && key[0] === 'api' && refresh.has(String(key[1])));
    void emit('claim', { taskId: task.taskId, chances, goldRiceCents });
  };

  const go = async (task: Task) => {
    await services.api.call(`generalActivity.${props.receiveCall}`, {
      activityCode: code,
      taskId: task.taskId,
    });
    if (task.jumpUrl) await page.run([jumpAction(task.jumpUrl)]);
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
      if (task.status === 0 && task.jumpUrl) await go(task);
      else await claim(task);
    } catch (error) {
      const status = (error as { code?: unknown } | null)?.code;
      say(status === 403 ? props.notReadyText : props.claimErrorText);
      if (status !== 403)
        services.logger.report(error, { widget: 'task-list', taskId: task.taskId });
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

  let body;
  if (!code) body = <p className="w-task-list__message">任务活动未配置</p>;
  else if (userOnly && !loggedIn) {
    body = (
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
    );
  } else if (!query.data && query.error) {
    body = (
      <ErrorState
        text={errorText(query.error, props.errorText)}
        onRetry={() => void query.mutate()}
      />
    );
  } else if (!query.data) {
    body = (
      <div
        className="w-task-list__skeleton"
        role="status"
        aria-busy="true"
        aria-label="加载中"
        style={{ height: `${SKELETON_ROWS * 76}px` }}
      />
    );
  } else if (tasks.length === 0) body = <p className="w-task-list__message">{props.emptyText}</p>;
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
                <p className="w-task-list__name">
                  {task.title}
                  {task.progress ? (
                    <span className="w-task-list__count">{` (${task.progress.done}/${task.progress.target})`}</span>
                  ) : null}
                </p>
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
