import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, urlProp } from '../../src/engine/document/prop-types';
import { userHeaderMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(40).default(fallback).describe(description);

export const userHeaderProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The activity whose user info is read; defaults to the page's activity."),
  greeting: z.string().max(20).default('你好，').describe('Text before the nickname.'),
  subtitle: z.string().max(40).default('欢迎来到福利中心').describe('Line under the nickname.'),
  defaultNickname: copy('钱包用户', 'Shown when the user has no nickname.'),
  defaultAvatar: urlProp('image')
    .optional()
    .describe('Avatar shown when the user has none (square).'),
  showLoginTime: z
    .boolean()
    .default(false)
    .describe(
      'Logged in: a line with the time of this login (getLoginTime), e.g. on an account page.',
    ),
  loginTimeTemplate: copy(
    '登录时间{time}',
    'The login-time line; {time} is the time in Beijing time.',
  ),
  loginText: copy('登录查看你的专属福利', 'Line shown to visitors who are not logged in.'),
  loginButtonText: copy('登录', 'The login button.'),
  background: cssColor.optional().describe('Background colour of the header.'),
  color: cssColor.optional().describe('Text colour.'),
});

export const userHeaderWidget = defineWidget({
  type: 'user-header',
  description:
    "The visitor's nickname and avatar (userInfo), or a login button for visitors who are not logged in.",
  props: userHeaderProps,
  meta: userHeaderMeta,
  apiCalls: (props) => [
    'generalActivity.userInfo',
    ...(props.showLoginTime ? ['generalActivity.getLoginTime'] : []),
  ],
});

export type UserHeaderProps = z.output<typeof userHeaderProps>;
