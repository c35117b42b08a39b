/**
 * The glossary's words alone (src/spec/glossary.ts has what each means and its variants), for
 * the widgets that must never break a line inside one (widgets/_campaign-kit/word-breaks.tsx):
 * a few bytes, not the whole glossary.
 */
export const GLOSSARY_TERMS = ['金米', '抽奖机会', '优惠券', '奖品', '签到', '登录'] as const;
