import { describe, expect, it } from 'vitest';
import { interpretShareResult } from './share-result';

describe('share result codes (spec §8)', () => {
  it('-200 parameter error, -100 not in client', () => {
    expect(interpretShareResult({ code: -200 })).toEqual({ ok: false, message: '参数错误' });
    expect(interpretShareResult({ code: -100 })).toEqual({
      ok: false,
      message: '当前不在客户端环境中',
    });
  });
  it('0 asks to confirm the channel app is installed (WeChat, QQ, Weibo)', () => {
    expect(interpretShareResult({ code: 0 }, ['qq'])).toEqual({
      ok: false,
      message: '请确认已安装QQ',
    });
    expect(interpretShareResult({ code: 0 }, ['weibo'])).toMatchObject({
      message: '请确认已安装微博',
    });
    expect(interpretShareResult({ code: 0 })).toMatchObject({ message: '请确认已安装微信' });
  });
  it('other negative codes show the client message', () => {
    expect(interpretShareResult({ code: -3, message: 'busy' })).toEqual({
      ok: false,
      message: '分享失败：busy',
    });
    expect(interpretShareResult({ code: -9 })).toEqual({ ok: false, message: '分享失败' });
  });
  it('positive codes succeed', () => {
    expect(interpretShareResult({ code: 1 })).toEqual({ ok: true });
  });
});
