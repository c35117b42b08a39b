/**
 * The music calls' answers (server/src/routes/qq-music.ts), typed by their contracts
 * (src/contracts/qq-music.ts), and the one row shape the song and song-list sections share.
 */
import type { ApiOutput } from '../../src/contracts';

type UserAnswer = ApiOutput<'qqMusicActivity.getMusicUserInfo'>;
export type MusicTask = UserAnswer['tasks'][number];
export interface MusicUser {
  nickName: string;
  freeModeActive: boolean;
  goldRichSum: number;
  tasks: readonly MusicTask[];
}
export interface MusicItem {
  id: string;
  name: string;
  sub: string;
  cover: string;
}

export function userOf(answer: UserAnswer | undefined): MusicUser | null {
  if (!answer) return null;
  return {
    nickName: answer.nickName,
    freeModeActive: answer.freeMode.active,
    goldRichSum: answer.goldRichSum,
    // A task without a title shows its id.
    tasks: answer.tasks.map((t) => ({ ...t, title: t.title || t.taskId })),
  };
}

export function songsOf(answer: ApiOutput<'qqMusicActivity.getHotSongs'> | undefined): MusicItem[] {
  return (answer?.list ?? []).map((s) => ({
    id: s.songId,
    name: s.name,
    sub: s.singer,
    cover: s.cover,
  }));
}

export function songListsOf(
  answer: ApiOutput<'qqMusicActivity.getHotSongLists'> | undefined,
): MusicItem[] {
  return (answer?.list ?? []).map((s) => ({
    id: s.listId,
    name: s.name,
    sub: s.songCount > 0 ? `${s.songCount}首` : '',
    cover: s.cover,
  }));
}
