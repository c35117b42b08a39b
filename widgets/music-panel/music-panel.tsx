import { useMemo, useState, type ReactNode } from 'react';
import { useApi, type ApiQueryState } from '../../src/engine/data/use-api';
import { isSafeUrl } from '../../src/engine/document/safe-url';
import type { WidgetComponentProps } from '../../src/engine/registry/widget-component';
import { usePage } from '../../src/engine/render/page-context';
import { useServices } from '../../src/services/context';
import { formatGoldRice } from '../../src/services/rules/gold-rice';
import { activityCodeOf } from '../_campaign-kit/activity';
import { errorText } from '../_campaign-kit/api-error';
import { ErrorState, LiveRegion, LoginPrompt, Notice, Skeleton } from '../_campaign-kit/states';
import { useLock } from '../_campaign-kit/use-lock';
import { useRevalidate } from '../_campaign-kit/use-revalidate';
import { songListsOf, songsOf, userOf, type MusicItem } from './music-data';
import type { MusicPanelProps } from './schema';
import './music-panel.css';

/** Calls a finished task changes (its reward is gold rice or chances). */
const AFTER_TASK = ['generalActivity.queryUserGoldRichSum', 'generalActivity.getRemainChance'];

export default function MusicPanel({ props, emit }: WidgetComponentProps<MusicPanelProps>) {
  const page = usePage();
  const { api, auth, ui } = useServices();
  const loggedIn = auth.isLoggedIn();
  const activityCode = activityCodeOf(page, props.activityCode);
  const params = { activityCode };
  const shows = (s: MusicPanelProps['sections'][number]) => props.sections.includes(s);
  const needsUser = shows('user') || shows('freeMode') || shows('tasks');
  const userQuery = useApi(
    loggedIn && needsUser ? 'qqMusicActivity.getMusicUserInfo' : null,
    params,
  );
  const songsQuery = useApi(shows('hotSongs') ? 'qqMusicActivity.getHotSongs' : null, params);
  const listsQuery = useApi(
    shows('hotSongLists') ? 'qqMusicActivity.getHotSongLists' : null,
    params,
  );
  const user = useMemo(() => userOf(userQuery.data?.result), [userQuery.data]);
  const { lock, busyKey } = useLock();
  const revalidate = useRevalidate();
  const [announcement, setAnnouncement] = useState('');
  const accent = props.accentColor ? { background: props.accentColor } : undefined;

  const announce = (text: string) => {
    setAnnouncement(text);
    ui.toast({ text, variant: 'short' });
  };
  const openApp = async () => {
    if (props.appLink) await page.run([{ type: 'openApp', target: props.appLink }]);
  };

  const finish = (taskId: string) =>
    lock(taskId, async () => {
      try {
        const envelope = await api.call('qqMusicActivity.finishMusicTask', {
          activityCode,
          taskId,
        });
        const label = envelope.result?.reward.label ?? '';
        announce(label ? `任务完成，${label}` : '任务完成');
        void emit('taskFinished', { taskId });
        void revalidate(AFTER_TASK);
      } catch (error) {
        announce(errorText(error, '任务提交失败，请稍后再试'));
      }
      await userQuery.mutate();
    });

  const addFreeMode = () =>
    lock('freeMode', async () => {
      try {
        await api.call('qqMusicActivity.addFreeModeWhitelist', { activityCode });
        announce('免费听歌特权已领取');
        void emit('freeModeAdded', {});
      } catch (error) {
        announce(errorText(error, '领取失败，请稍后再试'));
      }
      await userQuery.mutate();
    });

  const userBlock = (): ReactNode => {
    if (!loggedIn)
      return (
        <LoginPrompt text={props.loginText} buttonText={props.loginButtonText} minHeight={96} />
      );
    if (userQuery.error)
      return (
        <ErrorState
          text={errorText(userQuery.error, props.errorText)}
          onRetry={() => void userQuery.mutate()}
          minHeight={96}
        />
      );
    if (!user) return <Skeleton height={96} />;
    return (
      <>
        {shows('user') ? (
          <p className="w-music-panel__user">
            <span>{user.nickName || '音乐用户'}</span>
            <span>
              <strong>{formatGoldRice(user.goldRichSum)}</strong> {props.goldRiceUnit}
            </span>
          </p>
        ) : null}
        {shows('freeMode') ? (
          user.freeModeActive ? (
            <p className="w-music-panel__free" role="status">
              {props.freeModeActiveText}
            </p>
          ) : (
            <button
              type="button"
              className="w-music-panel__button w-music-panel__button--wide"
              disabled={busyKey !== null}
              aria-busy={busyKey === 'freeMode'}
              onClick={() => void addFreeMode()}
              style={accent}
            >
              {props.freeModeText}
            </button>
          )
        ) : null}
        {shows('tasks') && user.tasks.length > 0 ? (
          <>
            <h3 className="w-music-panel__heading">{props.tasksTitle}</h3>
            <ul className="w-music-panel__tasks">
              {user.tasks.map((t) => (
                <li key={t.taskId} className="w-music-panel__task">
                  <span className="w-music-panel__task-info">
                    <span className="w-music-panel__task-title">{t.title}</span>
                    {t.rewardLabel ? (
                      <span className="w-music-panel__sub">{t.rewardLabel}</span>
                    ) : null}
                  </span>
                  <button
                    type="button"
                    className="w-music-panel__button"
                    disabled={t.finished || busyKey !== null}
                    aria-busy={busyKey === t.taskId}
                    aria-label={`${t.finished ? props.taskDoneText : props.taskButtonText}：${t.title}`}
                    onClick={() => void finish(t.taskId)}
                    style={t.finished ? undefined : accent}
                  >
                    {t.finished ? props.taskDoneText : props.taskButtonText}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  };

  const itemList = (
    title: string,
    query: ApiQueryState,
    items: MusicItem[],
    kind: 'song' | 'list',
  ): ReactNode => (
    <>
      <h3 className="w-music-panel__heading">{title}</h3>
      {query.error ? (
        <ErrorState
          text={errorText(query.error, props.errorText)}
          onRetry={() => void query.mutate()}
        />
      ) : !query.data ? (
        <Skeleton height={120} />
      ) : items.length === 0 ? (
        <Notice>暂无内容</Notice>
      ) : (
        <ul className={`w-music-panel__items w-music-panel__items--${kind}`}>
          {items.map((item) => (
            <li key={item.id} className="w-music-panel__item">
              {item.cover && isSafeUrl(item.cover) ? (
                <img src={item.cover} alt="" width={56} height={56} loading="lazy" />
              ) : null}
              <span className="w-music-panel__item-name">{item.name}</span>
              {item.sub ? <span className="w-music-panel__sub">{item.sub}</span> : null}
              {props.appLink ? (
                <button
                  type="button"
                  className="w-music-panel__link"
                  aria-label={`去听：${item.name}`}
                  onClick={() => void openApp()}
                >
                  去听
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );

  const songs = songsOf(songsQuery.data?.result);
  const lists = songListsOf(listsQuery.data?.result);
  return (
    <section className="w-music-panel" aria-label={props.title || undefined}>
      {props.title ? <h2 className="w-music-panel__title">{props.title}</h2> : null}
      {needsUser ? userBlock() : null}
      {shows('hotSongs') ? itemList(props.hotSongsTitle, songsQuery, songs, 'song') : null}
      {shows('hotSongLists') ? itemList(props.hotSongListsTitle, listsQuery, lists, 'list') : null}
      <LiveRegion message={announcement} />
    </section>
  );
}
