import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WordBreaks, wordsOf } from './word-breaks';

/** Issue 33: a bubble or button never splits a word. */
describe('wordsOf', () => {
  it('never splits a glossary word: the bubbles that broke "抽奖机/会" and "金/米粒"', () => {
    expect(wordsOf('2次抽奖机会')).toEqual(['2次', '抽奖机会']);
    expect(wordsOf('+0.10金米')).toEqual(['+0.10金米']);
    expect(wordsOf('抽奖机会+1')).toEqual(['抽奖机会', '+1']);
    expect(wordsOf('抽奖机会，+1.00金米')).toEqual(['抽奖机会，', '+1.00金米']);
  });

  it('breaks a long title between its words, so it fits its circle in two lines', () => {
    expect(wordsOf('首次使用钱包付款')).toEqual(['首次', '使用', '钱包', '付款']);
  });

  it('keeps single characters the segmenter left alone together', () => {
    expect(wordsOf('绑定银行卡').join('|')).not.toMatch(/绑\|定/);
  });

  it('renders break opportunities only between the words; the text reads the same', () => {
    const { container } = render(
      <span>
        <WordBreaks text="首次使用钱包付款" />
      </span>,
    );
    expect(container.textContent).toBe('首次使用钱包付款');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
