/**
 * Reading the music calls (server/src/routes/qq-music.ts):
 * - getMusicUserInfo { activityCode } → { nickName, avatarUrl, freeMode: { whitelisted, active,
 *   expireTime }, tasks: [{ taskId, title, rewardLabel, finished }], goldRichSum (cents) }
 * - getHotSongs → { list: [{ songId, name, singer, cover }] }
 * - getHotSongLists → { list: [{ listId, name, cover, songCount }] }
 * - finishMusicTask { activityCode, taskId } → { finished, firstTime, reward: { label } }
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';

export interface MusicTask {
  taskId: string;
  title: string;
  rewardLabel: string;
  finished: boolean;
}
export interface MusicUser {
  nickName: string;
  freeModeActive: boolean;
  freeModeExpire: number | null;
  goldRichSum: number;
  tasks: MusicTask[];
}
export interface MusicItem {
  id: string;
  name: string;
  sub: string;
  cover: string;
}

export function parseUser(payload: unknown): MusicUser | null {
  if (!isRecord(payload)) return null;
  const free = isRecord(payload.freeMode) ? payload.freeMode : {};
  return {
    nickName: str(payload.nickName),
    freeModeActive: free.active === true,
    freeModeExpire: typeof free.expireTime === 'number' ? free.expireTime : null,
    goldRichSum: num(pick(payload, 'goldRichSum', 'goldRiceSum')),
    tasks: listOf(payload.tasks).flatMap((t) =>
      isRecord(t) && str(t.taskId)
        ? [
            {
              taskId: str(t.taskId),
              title: str(t.title) || str(t.taskId),
              rewardLabel: str(t.rewardLabel),
              finished: t.finished === true,
            },
          ]
        : [],
    ),
  };
}

export function parseSongs(payload: unknown): MusicItem[] {
  return listOf(payload).flatMap((s) =>
    isRecord(s) && str(s.songId)
      ? [{ id: str(s.songId), name: str(s.name), sub: str(s.singer), cover: str(s.cover) }]
      : [],
  );
}

export function parseSongLists(payload: unknown): MusicItem[] {
  return listOf(payload).flatMap((s) =>
    isRecord(s) && str(s.listId)
      ? [
          {
            id: str(s.listId),
            name: str(s.name),
            sub: num(s.songCount) > 0 ? `${num(s.songCount)}首` : '',
            cover: str(s.cover),
          },
        ]
      : [],
  );
}

export function rewardLabelOf(payload: unknown): string {
  return isRecord(payload) && isRecord(payload.reward) ? str(payload.reward.label) : '';
}
