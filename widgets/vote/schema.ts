import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor } from '../../src/engine/document/prop-types';
import { voteMeta } from './meta';

const copy = (fallback: string, description: string) =>
  z.string().min(1).max(60).default(fallback).describe(description);

export const voteProps = z.strictObject({
  activityCode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The voting activity; defaults to the page's activity."),
  mode: z
    .enum(['list', 'detail'])
    .default('list')
    .describe('"list": every product; "detail": the one product named by the page query.'),
  idParam: z
    .string()
    .regex(/^\w{1,32}$/)
    .default('id')
    .describe('Detail mode: the query parameter holding the product id.'),
  productId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .describe('Detail mode: always this product (a page about one product), not the query.'),
  voteMethod: z
    .enum(['POST', 'GET'])
    .default('POST')
    .describe(
      'How the vote is sent (spec §7 newProduct: POST vote and its GET twin, one handler), for a back end that takes the GET.',
    ),
  title: z.string().max(20).default('新品投票').describe('Heading; empty hides it.'),
  ruleText: z
    .string()
    .max(200)
    .default('活动期间每天都可投票，每款新品每天限投1票。')
    .describe('The voting rule shown under the heading.'),
  votesLeftTemplate: copy('今日剩余{n}票', 'Votes left today; {n} is the number.'),
  results: z
    .enum(['always', 'afterVote'])
    .default('afterVote')
    .describe('When counts and shares are shown: always, or once the visitor has voted.'),
  detailPath: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/)
    .optional()
    .describe('List mode: route of the detail page ("/newProduct/detail"); gets ?<idParam>=<id>.'),
  detailText: copy('查看详情', 'Link to the detail page.'),
  voteText: copy('投一票', 'The vote button.'),
  votedText: copy('已投票', 'The button after voting for the product today.'),
  noVotesText: copy('今日票数已用完', 'The button when no votes are left today.'),
  votedToast: copy('投票成功', 'Announced after a vote.'),
  countTemplate: copy('{n}票', 'Count of a product; {n} is the number.'),
  notStartedText: copy('投票未开始', 'The button before voting opens.'),
  endedText: copy('投票已结束', 'The button after voting closes.'),
  loginText: copy('登录后参与投票', 'Prompt for visitors who are not logged in.'),
  loginButtonText: copy('立即登录', 'The login button.'),
  emptyText: copy('暂无投票新品', 'Shown when there is nothing to vote for.'),
  errorText: copy('投票信息加载失败', 'Shown when the products cannot be loaded.'),
  accentColor: cssColor.optional().describe('Colour of buttons and result bars.'),
});

export const voteWidget = defineWidget({
  type: 'vote',
  description:
    "New-product voting: the options with their vote counts and the voting rule, results after voting, and a link to each product's detail page (or one product, on a detail page).",
  props: voteProps,
  meta: voteMeta,
  apiCalls: (props) => [
    'newProduct.getNewProductList',
    'newProduct.getNewProductById',
    'newProduct.getNewProductHeader',
    props.voteMethod === 'GET' ? 'newProduct.vote.get' : 'newProduct.vote',
  ],
  events: ['voted'],
});

export type VoteProps = z.output<typeof voteProps>;
