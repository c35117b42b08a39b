import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { activityCodeProp, cssColor, urlProp } from '../../src/engine/document/prop-types';
import { movieDetailMeta } from './meta';

const copy = (fallback: string, description: string, max = 40) =>
  z.string().min(1).max(max).default(fallback).describe(description);

export const movieDetailProps = z.strictObject({
  activityCode: activityCodeProp,
  movieId: z
    .string()
    .max(80)
    .default('{{query.movieId}}')
    .describe('The movie (cinema.movieDetail); by default the `movieId` of the address.'),
  claimText: copy('免费领票', 'Button of a showing with seats left.', 8),
  soldOutText: copy('已售罄', 'Button of a sold-out showing.', 8),
  startedText: copy('已开场', 'Button of a showing that has started.', 8),
  needSignText: copy(
    '再签到{days}天即可免费领票',
    'Shown while the visitor has signed in on too few days; {days} is replaced.',
  ),
  noTicketText: copy('您的免费观影券已领完', 'Shown when the visitor has no free ticket left.'),
  successText: copy('领票成功，可在观影订单中查看', 'Toast after a ticket is claimed.'),
  ordersTarget: urlProp('link')
    .optional()
    .describe('The order list; a link is shown after claiming.'),
  ordersText: copy('查看我的订单', 'Label of that link.', 10),
  notFoundText: copy('未找到该影片', 'Shown when the movie does not exist.'),
  errorText: copy('影片信息加载失败', 'Shown when the movie cannot be loaded.'),
  loginText: copy('登录后领取免费电影票', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.', 8),
  accentColor: cssColor.optional().describe('Colour of the score and the buttons.'),
});

export const movieDetailWidget = defineWidget({
  type: 'movie-detail',
  description:
    'A movie (cinema.movieDetail, ours): poster, score, tags, synopsis and its showings with the seats left, each with a button claiming a free ticket (cinema.claimTicket) once the visitor has signed in on enough days.',
  props: movieDetailProps,
  meta: movieDetailMeta,
  apiCalls: () => ['cinema.movieDetail', 'cinema.ticketStatus', 'cinema.claimTicket'],
  events: ['claimed'],
});

export type MovieDetailProps = z.output<typeof movieDetailProps>;
