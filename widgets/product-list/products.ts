/** Products from a call's answer (read in the kit's loose place: the call is named by the page). */
import { productsOfAnswer } from '../_campaign-kit/loose/configured';
import { isProductKind } from './kinds';
import type { ProductItem } from './schema';

export function productsFromAnswer(
  envelope: { result?: unknown; value?: unknown } | undefined,
): ProductItem[] {
  return productsOfAnswer(envelope, isProductKind, 'other');
}
