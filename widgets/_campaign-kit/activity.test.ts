import { describe, expect, it } from 'vitest';
import { linkActions } from './activity';

describe('linkActions', () => {
  it('turns server links into engine actions, and unsafe ones into nothing', () => {
    expect(linkActions('/mp/activity/bind-card')).toEqual([{ type: 'navigate', to: '/bind-card' }]);
    expect(linkActions('https://m.mi.com/x')).toEqual([
      { type: 'navigate', to: 'https://m.mi.com/x' },
    ]);
    expect(linkActions('mipay://coupon/use')).toEqual([
      { type: 'openApp', target: 'mipay://coupon/use' },
    ]);
    expect(linkActions('javascript:alert(1)')).toEqual([]);
    expect(linkActions('http://evil.example/x')).toEqual([]);
    expect(linkActions('//evil.example/x')).toEqual([]);
    expect(linkActions(undefined)).toEqual([]);
  });
});
