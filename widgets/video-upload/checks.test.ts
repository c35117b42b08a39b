import { describe, expect, it } from 'vitest';
import { checkDuration, checkFile, checkUploadUrl } from './checks';

const rules = {
  acceptTypes: ['video/mp4'],
  maxSizeMb: 50,
  minDurationSeconds: 3,
  maxDurationSeconds: 90,
};

describe('video checks', () => {
  it('checks type, emptiness and size', () => {
    expect(checkFile({ type: 'video/mp4', size: 1 }, rules)).toBeNull();
    expect(checkFile({ type: 'VIDEO/MP4', size: 1 }, rules)).toBeNull();
    expect(checkFile({ type: 'image/png', size: 1 }, rules)).toMatch(/不支持/);
    expect(checkFile({ type: 'video/mp4', size: 0 }, rules)).toMatch(/空/);
    expect(checkFile({ type: 'video/mp4', size: 51 * 1024 * 1024 }, rules)).toBe(
      '视频不能超过50MB',
    );
  });

  it('checks the duration, including an unreadable one', () => {
    expect(checkDuration(Number.NaN, rules)).toMatch(/无法读取/);
    expect(checkDuration(2, rules)).toBe('视频不能短于3秒');
    expect(checkDuration(91, rules)).toBe('视频不能超过90秒');
    expect(checkDuration(30, rules)).toBeNull();
  });

  it('accepts upload links on this site or a listed https host only', () => {
    const own = 'https://m.example.cn/mp/activity/videoActivity';
    expect(checkUploadUrl('/mp/api/file/put/t', own, [])).toBe(
      'https://m.example.cn/mp/api/file/put/t',
    );
    expect(checkUploadUrl('https://cdn.example.cn/u', own, ['cdn.example.cn'])).toBe(
      'https://cdn.example.cn/u',
    );
    expect(checkUploadUrl('http://cdn.example.cn/u', own, ['cdn.example.cn'])).toBeNull();
    expect(checkUploadUrl('//evil.example.net/u', own, [])).toBeNull();
    expect(checkUploadUrl('javascript:alert(1)', own, [])).toBeNull();
    expect(checkUploadUrl(42, own, [])).toBeNull();
  });
});
