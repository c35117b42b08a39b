import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { musicPanelMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const musicPanelProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The music activity; defaults to the page's activity."),
  title: z.string().max(20).default('音乐权益').describe('Heading; empty hides it.'),
  sections: z
    .array(z.enum(['user', 'freeMode', 'tasks', 'hotSongs', 'hotSongLists']))
    .min(1)
    .default(['user', 'freeMode', 'tasks', 'hotSongs', 'hotSongLists'])
    .describe(
      'What the panel shows, in order: the user and gold-rice sum, the free-listening whitelist, the music tasks, hot songs, hot song lists.',
    ),
  appLink: z
    .string()
    .max(300)
    .optional()
    .describe(
      'Deep link of the music app, opened from a song or song list (the engine checks it).',
    ),
  freeModeText: copy('领取免费听歌特权', 'Button adding the user to the free-mode whitelist.'),
  freeModeActiveText: copy('免费听歌特权生效中', 'Shown while the free mode is active.'),
  taskButtonText: copy('去完成', 'Button of an unfinished task.', 8),
  taskDoneText: copy('已完成', 'Label of a finished task.', 8),
  hotSongsTitle: copy('热门单曲', 'Heading of the hot songs.'),
  hotSongListsTitle: copy('热门歌单', 'Heading of the hot song lists.'),
  tasksTitle: copy('听歌任务', 'Heading of the tasks.'),
  goldRiceUnit: copy('金米', 'Unit after the gold-rice sum.', 8),
  loginText: copy('登录后领取音乐权益', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  errorText: copy('音乐权益加载失败', 'Shown when a section cannot be loaded.'),
  accentColor: cssColor.optional().describe('Colour of buttons and highlights.'),
});

export const musicPanelWidget = defineWidget({
  type: 'music-panel',
  description:
    "Music benefits (spec §7 qqMusicActivity, §3 music entities): the user's info and gold-rice sum, the free-listening whitelist, music tasks finished once each, hot songs and hot song lists.",
  props: musicPanelProps,
  meta: musicPanelMeta,
  apiCalls: () => [
    'qqMusicActivity.getMusicUserInfo',
    'qqMusicActivity.getHotSongs',
    'qqMusicActivity.getHotSongLists',
    'qqMusicActivity.finishMusicTask',
    'qqMusicActivity.addFreeModeWhitelist',
    // Read again after a task, where the page shows them.
    'generalActivity.queryUserGoldRichSum',
    'generalActivity.getRemainChance',
  ],
  events: ['taskFinished', 'freeModeAdded'],
});

export type MusicPanelProps = z.output<typeof musicPanelProps>;
