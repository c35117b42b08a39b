import { describe, expect, it } from 'vitest';
import { SHARE_BONUS_AMOUNT } from '../../spec/constants';
import { DEFAULT_SHARE_TEXT, DEFAULT_SHARE_TITLE } from './share-copy';
import { computeSharePayload, wechatChannelPayloads, withFromChannel } from './share-payload';

const own = 'https://campaign.example';
const pageUrl = `${own}/mp/activity/bank?from=push&id=3`;

describe('withFromChannel (spec §3)', () => {
  it('replaces an existing from', () => {
    expect(withFromChannel(pageUrl, 'wechat')).toBe(`${own}/mp/activity/bank?from=wechat&id=3`);
  });
  it('appends when absent, keeping the hash', () => {
    expect(withFromChannel(`${own}/a#top`, 'qq')).toBe(`${own}/a?from=qq#top`);
  });
});

describe('computeSharePayload (spec §3)', () => {
  it('default text invites to open a bank with the bonus amount', () => {
    expect(DEFAULT_SHARE_TEXT).toContain(String(SHARE_BONUS_AMOUNT));
    expect(DEFAULT_SHARE_TEXT).toMatch(/开户/);
    expect(computeSharePayload({ pageUrl, ownOrigin: own, route: { isShare: true } })).toEqual({
      url: pageUrl,
      subject: DEFAULT_SHARE_TITLE,
      text: DEFAULT_SHARE_TEXT,
    });
  });

  it('is off unless the activity allows it (canShare 1) or the route sets isShare', () => {
    expect(computeSharePayload({ pageUrl, ownOrigin: own })).toBeNull();
    expect(computeSharePayload({ pageUrl, ownOrigin: own, route: { isShare: false } })).toBeNull();
    expect(
      computeSharePayload({
        pageUrl,
        ownOrigin: own,
        activity: { canShare: 0 },
        route: { isShare: true },
      }),
    ).toBeNull();
    expect(
      computeSharePayload({ pageUrl, ownOrigin: own, activity: { canShare: '1' } }),
    ).not.toBeNull();
  });

  it('shareThis 1 shares this page, 2 the shareUrl', () => {
    const activity = { canShare: 1, shareUrl: 'https://m.mi.com/promo' };
    expect(
      computeSharePayload({ pageUrl, ownOrigin: own, activity: { ...activity, shareThis: 1 } })
        ?.url,
    ).toBe(pageUrl);
    expect(
      computeSharePayload({ pageUrl, ownOrigin: own, activity: { ...activity, shareThis: 2 } })
        ?.url,
    ).toBe('https://m.mi.com/promo');
  });

  it('never shares a refused shareUrl: falls back to this page', () => {
    for (const shareUrl of ['https://evil.com/', 'javascript:alert(1)', 'mipay://x']) {
      const payload = computeSharePayload({
        pageUrl,
        ownOrigin: own,
        activity: { canShare: 1, shareThis: 2, shareUrl },
      });
      expect(payload?.url).toBe(pageUrl);
    }
  });

  it('activity texts win over the route, the route over the defaults', () => {
    const route = { isShare: true, title: '路由标题', desc: '路由描述' };
    expect(computeSharePayload({ pageUrl, ownOrigin: own, route })).toMatchObject({
      subject: '路由标题',
      text: '路由描述',
    });
    const payload = computeSharePayload({
      pageUrl,
      ownOrigin: own,
      route,
      activity: {
        canShare: 1,
        shareTitle: '活动',
        shareContent: '内容',
        shareIconUrl: 'https://i/x.png',
      },
      imageUrl: 'data:image/png;base64,AA',
      sharer: ['wechat'],
      sharerAll: false,
    });
    expect(payload).toEqual({
      url: pageUrl,
      subject: '活动',
      text: '内容',
      iconUrl: 'https://i/x.png',
      imageUrl: 'data:image/png;base64,AA',
      sharer: ['wechat'],
      sharerAll: false,
    });
  });
});

describe('wechatChannelPayloads', () => {
  it('one payload per channel, from set to the channel', () => {
    const variants = wechatChannelPayloads({ url: pageUrl, subject: 's' });
    expect(Object.keys(variants)).toEqual(['wechat', 'timeline', 'qq', 'qzone']);
    for (const [channel, p] of Object.entries(variants)) {
      expect(new URL(p.url).searchParams.getAll('from')).toEqual([channel]);
      expect(p.subject).toBe('s');
    }
  });
});
