import { describe, expect, it } from 'vitest';
import { serverTimeOf } from './activity';
import { answerTextAt } from './answer-text';
import { activityShareOf } from './activity-share';
import { drawPrizesOf } from './draw-prizes';
import { contentHtmlOf } from './content-html';
import { answerNumber, configuredList, numberAt, productsOfAnswer } from './configured';
import { couponCountsOf, couponsOf, couponUrlsOf, dispatchModuleOf } from './lenient';
import { num, str } from './read';
import { at, listOf, payloadOf, pick } from './read-lists';

describe('the raw readers of loose answers', () => {
  it('reads payloads and lists leniently', () => {
    expect(payloadOf({ value: '[1,2]' })).toEqual([1, 2]);
    expect(payloadOf({ result: { a: 1 } })).toEqual({ a: 1 });
    expect(listOf({ list: [1] })).toEqual([1]);
    expect(listOf({ other: [1] })).toEqual([]);
    expect(listOf('x')).toEqual([]);
  });

  it('reads numbers, texts and the first present field, and own paths only', () => {
    expect(num('12')).toBe(12);
    expect(num(' ', 7)).toBe(7);
    expect(str(3)).toBe('3');
    expect(str(null, 'x')).toBe('x');
    expect(pick({ a: null, b: 2 }, 'a', 'b')).toBe(2);
    expect(at({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(at({}, 'constructor')).toBeUndefined();
  });
});

describe('named readers of calls known only at run time', () => {
  it('reads a configured list and its values through the page’s paths', () => {
    const envelope = { result: { page: { rows: [{ n: '5' }] } } };
    expect(configuredList(envelope, 'page.rows')).toEqual([{ n: '5' }]);
    expect(configuredList(envelope, 'page')).toEqual([]);
    expect(numberAt({ n: '5' }, 'n')).toBe(5);
    expect(numberAt({ n: 'x' }, 'n')).toBeNull();
    expect(answerNumber({ result: 1200 }, 'ignored')).toBe(1200);
    expect(answerNumber({ result: { balance: { v: 3 } } }, 'balance.v')).toBe(3);
    expect(answerNumber(undefined, 'x')).toBeNull();
    expect(answerTextAt({ result: { list: [{ url: 'u' }] } }, 'list.0.url')).toBe('u');
    expect(answerTextAt({ result: {} }, 'toString')).toBeNull();
  });

  it('reads products under older field names, unknown kinds as other', () => {
    const isKind = (v: unknown): v is 'loan' | 'other' => v === 'loan' || v === 'other';
    const envelope = { result: { products: [{ title: 'A', kind: 'x', jumpUrl: '/a' }, {}] } };
    expect(productsOfAnswer(envelope, isKind, 'other')).toEqual([
      { id: 'item-0', kind: 'other', name: 'A', tags: [], actionText: '立即查看', link: '/a' },
    ]);
  });
});

describe('lenient answers (older back ends)', () => {
  it('reads coupons under other names and bare lists', () => {
    const [coupon] = couponsOf({ result: [{ id: 7, couponName: '满减', stock: 0 }] });
    expect(coupon).toMatchObject({ couponId: '7', name: '满减', remaining: 0, soldOut: true });
    expect(couponCountsOf({ result: { list: [{ couponId: 'a' }, { couponId: 'a' }] } })).toEqual(
      new Map([['a', 2]]),
    );
    expect(couponUrlsOf({ result: { map: { a: 'https://x/a', b: '' } } })).toEqual(
      new Map([['a', 'https://x/a']]),
    );
  });

  it('takes the dispatch list from value or result (spec §3)', () => {
    const module = { moduleId: 'm', title: 't', image: 'https://x/i.png', jumpUrl: '/go' };
    expect(dispatchModuleOf({ code: 0, value: [module] })).toEqual(module);
    expect(dispatchModuleOf({ code: 0, result: [module] })).toEqual(module);
    expect(dispatchModuleOf({ code: 0, result: [] }).image).toBe('');
  });
});

describe('the parsed activity configuration', () => {
  it('reads ShareInfo behind the activity’s share fields (spec §3)', () => {
    const share = activityShareOf({
      canShare: 1,
      shareTitle: 'activity title',
      activityConfig: { shareInfo: { positionTop: '40', content: '来玩' } },
    });
    expect(share).toMatchObject({ allowed: true, top: 40, left: 0, title: 'activity title' });
    expect(share.text).toBe('来玩');
    expect(activityShareOf({ canShare: 0 }).allowed).toBe(false);
    expect(activityShareOf(null)).toMatchObject({ allowed: true, top: null });
  });

  it('reads draw prizes one by one, dropping unsafe images', () => {
    const activity = {
      activityConfig: {
        luckdrawConfig: {
          prizes: [
            { prizeId: 1, prizeName: '一等奖', image: 'javascript:alert(1)' },
            { prizeId: '', name: 'x' },
          ],
        },
      },
    };
    expect(drawPrizesOf(activity)).toEqual([{ prizeId: '1', name: '一等奖' }]);
    expect(serverTimeOf({ serverTime: '1700000000000' })).toBe(1_700_000_000_000);
    expect(serverTimeOf({ serverTime: 0 })).toBeNull();
  });
});

describe('the activity’s contentHtml (spec §3)', () => {
  it('reads an image list or imgList / navList / back, dropping unsafe addresses', () => {
    expect(
      contentHtmlOf({
        contentHtml: {
          imgList: [
            'https://x.example/1.png',
            { url: 'javascript:alert(1)' },
            { src: '/2.png', width: 750 },
          ],
          navList: [{ name: '规则' }, { title: '奖品', imageIndex: 0 }, { title: 3 }],
          back: { needRandom: 1, list: ['https://x.example/b.png', 'data:x'] },
        },
      }),
    ).toEqual({
      images: [
        { src: 'https://x.example/1.png', alt: '' },
        { src: '/2.png', alt: '', width: 750 },
      ],
      navList: [
        { title: '规则', imageIndex: 0 },
        { title: '奖品', imageIndex: 0 },
      ],
      backgrounds: ['https://x.example/b.png'],
      needRandom: true,
    });
    expect(contentHtmlOf(null)).toEqual({
      images: [],
      navList: [],
      backgrounds: [],
      needRandom: false,
    });
  });
});
