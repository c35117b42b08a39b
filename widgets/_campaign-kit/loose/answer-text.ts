/**
 * The text at a dotted path of the answer of a call a document names (qr-card's code, known only
 * at run time): its own module, so a page with a QR card does not download the other configured
 * readers (./configured.ts).
 */
import { payloadOf } from './read-lists';

type Envelope = { result?: unknown; value?: unknown } | undefined;

/** The value at a dotted path of an answer as text (a number becomes text); null when none. */
export function answerTextAt(envelope: Envelope, path: string): string | null {
  let current: unknown = payloadOf(envelope);
  // Lists too ("list.0.url"): a code's content may sit in the first entry of a list.
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      return null;
    }
    current = (current as Record<string, unknown>)[key];
  }
  if (typeof current === 'number') return String(current);
  return typeof current === 'string' && current !== '' ? current : null;
}

/** A product as a products call answers it, under the names older back ends used too. */
