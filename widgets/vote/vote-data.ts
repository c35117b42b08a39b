/**
 * The new-product calls' answers, typed by their contracts (src/contracts/votes.ts):
 * - getNewProductList { activityCode } → { list: [{ productId, title, desc, image, votes, voted }] }
 * - getNewProductById { activityCode, productId } → one product, or null
 * - getNewProductHeader { activityCode } → { status, totalVotes, votesLeft (null = no cap),
 *   perUserDailyLimit }
 * - vote { activityCode, productId } → { productId, votes, votesLeft }; 409 when already voted
 *   or no votes are left
 */
import type { ApiOutput } from '../../src/contracts';
import { isSafeUrl } from '../../src/engine/document/safe-url';

export interface Product {
  productId: string;
  title: string;
  desc: string;
  /** Only a safe address (https or a path); anything else is dropped. */
  image: string | null;
  votes: number;
  voted: boolean;
}

type ListAnswer = ApiOutput<'newProduct.getNewProductList'>;
type OneAnswer = ApiOutput<'newProduct.getNewProductById'>;
type HeaderAnswer = ApiOutput<'newProduct.getNewProductHeader'>;

/** The products of a list answer, or the one of a detail answer (null: no such product). */
export function productsOf(answer: ListAnswer | OneAnswer | undefined): Product[] {
  if (!answer) return [];
  const items = 'list' in answer ? answer.list : [answer];
  return items.map((item) => ({
    productId: item.productId,
    title: item.title,
    desc: item.desc,
    image: isSafeUrl(item.image) ? item.image : null,
    votes: item.votes,
    voted: item.voted,
  }));
}

export interface VoteHeader {
  votesLeft: number | null;
  status: string;
  /** All votes of the activity, so a detail page's share is of the whole. */
  totalVotes: number | null;
}

export function headerOf(answer: HeaderAnswer | undefined): VoteHeader {
  return {
    votesLeft: answer?.votesLeft ?? null,
    status: answer?.status ?? '',
    totalVotes: answer?.totalVotes ?? null,
  };
}

export const fill = (template: string, n: number) => template.replace('{n}', String(n));
