import type { ReactNode } from 'react';
import { GLOSSARY_TERMS } from '../../src/spec/glossary-terms';

const HAN_CHARACTER = /^\p{Script=Han}$/u;

/**
 * Where a line may break in a short label (a bubble, a button): between words only, never inside
 * one (issue 33: the new-user bubbles broke "抽奖机/会" and "金/米粒"). The words come from the
 * JavaScript engine's word segmenter, then: a number keeps what follows it ("2次", "+0.10金米"),
 * punctuation stays with the word before it (a sign or an opening bracket starts the next), single characters in a row stay together (the
 * segmenter leaves words it does not know, "绑定", in characters), and a glossary word is never
 * split. Without a segmenter (an old browser) the label is one word.
 */
export function wordsOf(text: string): string[] {
  if (typeof Intl.Segmenter !== 'function') return [text];
  const segments = [...new Intl.Segmenter('zh', { granularity: 'word' }).segment(text)];
  const words: string[] = [];
  let previous: { segment: string; isWordLike: boolean } | undefined;
  for (const current of segments) {
    const last = words.length - 1;
    const joins =
      previous !== undefined &&
      (/^[\d.+\-−%]+$/.test(previous.segment) ||
        (!current.isWordLike && !/^[+\-−(（“‘]/.test(current.segment)) ||
        (HAN_CHARACTER.test(previous.segment) && HAN_CHARACTER.test(current.segment)));
    if (joins && last >= 0) words[last] += current.segment;
    else words.push(current.segment);
    previous = { segment: current.segment, isWordLike: current.isWordLike ?? false };
  }
  return keepTermsWhole(words, text);
}

/** Joins the words a glossary term runs across. */
function keepTermsWhole(words: string[], text: string): string[] {
  const inside = new Set<number>();
  for (const term of GLOSSARY_TERMS) {
    for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
      for (let offset = 1; offset < term.length; offset += 1) inside.add(at + offset);
    }
  }
  const out: string[] = [];
  let position = 0;
  for (const word of words) {
    if (out.length > 0 && inside.has(position)) out[out.length - 1] += word;
    else out.push(word);
    position += word.length;
  }
  return out;
}

/**
 * A label whose lines break only between its words: `<wbr>` between them, for a box styled with
 * `word-break: keep-all` (no break anywhere else) and `text-wrap: balance` (even lines).
 */
export function WordBreaks({ text }: { text: string }): ReactNode {
  // Text and keyed <wbr>s in one list (no Fragment: the app's React bindings, decision 0036).
  return wordsOf(text).flatMap((word, index) =>
    index === 0 ? [word] : [<wbr key={index} />, word],
  );
}
