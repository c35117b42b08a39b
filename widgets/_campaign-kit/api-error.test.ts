import { describe, expect, it } from 'vitest';
import { errorText } from './api-error';

describe('errorText', () => {
  it('maps the server error names to Chinese and never shows English server text', () => {
    expect(
      errorText(
        { code: 409, error: 'INSUFFICIENT_GOLD_RICE', msg: 'not enough gold rice' },
        '失败',
      ),
    ).toBe('金米不足');
    expect(errorText({ code: 400, error: 'BAD_REQUEST', msg: 'unknown guideId: 1' }, '失败')).toBe(
      '失败',
    );
    expect(errorText({ msg: '活动已暂停' }, '失败')).toBe('活动已暂停');
    expect(errorText(new Error('Request to /x timed out'), '失败')).toBe('失败');
    expect(errorText(null, '失败')).toBe('失败');
  });
});
