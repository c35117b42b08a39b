/**
 * Reading the new-product calls (server/src/routes/votes.ts):
 * - getNewProductList { activityCode } → { list: [{ productId, title, desc, image, votes, voted }] }
 * - getNewProductById { activityCode, productId } → one product, or null
 * - getNewProductHeader { activityCode } → { status, totalVotes, votesLeft (null = no cap),
 *   perUserDailyLimit }
 * - vote { activityCode, productId } → { productId, votes, votesLeft }; 409 when already voted
 *   or no votes are left
 */
import { isRecord, listOf, num, pick, str } from '../_campaign-kit/api-error';
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

function toProduct(item: unknown): Product | null {
  if (!isRecord(item)) return null;
  const productId = str(pick(item, 'productId', 'optionId', 'id'));
  if (!productId) return null;
  const image = pick(item, 'image', 'img', 'imageUrl');
  return {
    productId,
    title: str(pick(item, 'title', 'name')),
    desc: str(item.desc),
    image: isSafeUrl(image) ? image : null,
    votes: num(pick(item, 'votes', 'voteCount', 'count')),
    voted: item.voted === true || item.voted === 1,
  };
}

export function parseProducts(payload: unknown): Product[] {
  if (isRecord(payload) && !Array.isArray(payload.list) && pick(payload, 'productId', 'id')) {
    const one = toProduct(payload);
    return one ? [one] : [];
  }
  return listOf(payload, ['list', 'ranking']).flatMap((item) => toProduct(item) ?? []);
}

export interface VoteHeader {
  votesLeft: number | null;
  status: string;
  /** All votes of the activity, so a detail page's share is of the whole. */
  totalVotes: number | null;
}

export function parseHeader(payload: unknown): VoteHeader {
  const record = isRecord(payload) ? payload : {};
  return {
    votesLeft: typeof record.votesLeft === 'number' ? record.votesLeft : null,
    status: str(record.status),
    totalVotes: typeof record.totalVotes === 'number' ? record.totalVotes : null,
  };
}

export const fill = (template: string, n: number) => template.replace('{n}', String(n));
