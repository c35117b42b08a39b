/**
 * One voice (issue 33): the product's words for its own things, each with the variants it does
 * not use, and the spacing rule of its copy. docs/authoring.md ("Words and spacing") says the
 * same for operators; src/spec/glossary.test.ts fails when a campaign document, an activity or a
 * widget's default copy uses a variant or breaks the spacing rule. The widgets read `term` (a
 * bubble never breaks inside one of these words: widgets/_campaign-kit/word-breaks.tsx).
 */
import type { GLOSSARY_TERMS } from './glossary-terms';

export interface GlossaryEntry {
  /** The one word the product uses. */
  readonly term: (typeof GLOSSARY_TERMS)[number];
  /** What it names, and where the spec names it. */
  readonly meaning: string;
  /** Words for the same thing the product does not use. */
  readonly not: readonly string[];
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: '金米',
    // "金米" is gold rice word for word; "粒" (grain) is no part of the spec's name. It was also
    // the more common form (188 against 135 of 金米粒 before issue 33).
    meaning:
      'the gold-rice currency (spec §1 "points and gold-rice balances", §9 "gold-rice divisor 100")',
    not: ['金米粒'],
  },
  {
    term: '抽奖机会',
    meaning: 'a chance to draw (spec §3 remainChance, §9 "default remaining chance 1")',
    not: ['抽奖次数'],
  },
  {
    term: '优惠券',
    meaning: 'a coupon (spec §1 "coupons", §7 the coupon calls)',
    not: ['优惠卷', '优惠劵'],
  },
  {
    term: '奖品',
    meaning: 'what a draw or a task gives (spec §3 prizes, luckdrawConfig)',
    not: ['礼品', '奖项'],
  },
  {
    term: '签到',
    meaning: 'the daily sign-in (spec §1 "daily sign-in", §3 signStatus, signCount)',
    not: ['打卡'],
  },
  {
    term: '登录',
    meaning: 'logging in (spec §4 login, §2 web login)',
    not: ['登陆'],
  },
];

/**
 * The spacing rule: no space between a Chinese character and a number or a `{placeholder}`
 * ("逛积分商城15秒", "剩余抽奖机会：{n}次"), on either side. Latin words keep theirs only where
 * they read as English; "App" joins the Chinese ("打开钱包App").
 */
const HAN = '[\\u3400-\\u9fff\\u3000-\\u303f\\uff01-\\uff5e]';
export const SPACING_RULE = new RegExp(`${HAN} +(?:[0-9{$]|App\\b)|(?:[0-9}%]) +${HAN}`, 'u');

/** What a piece of copy breaks of the glossary and the spacing rule, in words an operator acts on. */
export function copyProblems(text: string): string[] {
  const problems: string[] = [];
  for (const entry of GLOSSARY) {
    for (const variant of entry.not) {
      if (text.includes(variant)) {
        problems.push(
          `"${variant}" is not the product's word: write "${entry.term}" (${entry.meaning})`,
        );
      }
    }
  }
  const spaced = SPACING_RULE.exec(text);
  if (spaced) {
    const quoted = text.length > 40 ? `${text.slice(0, 40)}…` : text;
    problems.push(
      `no space between Chinese and a number or a placeholder ("${spaced[0]}" in "${quoted}"; docs/authoring.md, "Words and spacing")`,
    );
  }
  return problems;
}
