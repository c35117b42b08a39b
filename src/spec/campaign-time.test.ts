import { describe, expect, it } from 'vitest';
import { CAMPAIGN_TIME_ZONE } from './constants';
import {
  CAMPAIGN_UTC_OFFSET_MINUTES,
  formatCampaignMinute,
  parseCampaignTime,
} from './campaign-time';

describe('campaign times (China time unless the text names its offset)', () => {
  it('is the offset of the campaign time zone, Asia/Shanghai (issue 4), all year round', () => {
    expect(CAMPAIGN_TIME_ZONE).toBe('Asia/Shanghai');
    for (const month of [0, 6]) {
      const at = new Date(Date.UTC(2026, month, 15, 4));
      const shanghai = new Intl.DateTimeFormat('en-GB', {
        timeZone: CAMPAIGN_TIME_ZONE,
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      expect(Number(shanghai) - at.getUTCHours()).toBe(CAMPAIGN_UTC_OFFSET_MINUTES / 60);
    }
  });

  it('reads a time without offset as China time, whatever the machine’s zone', () => {
    expect(parseCampaignTime('2026-04-10T10:00')).toEqual({
      ms: Date.parse('2026-04-10T10:00:00+08:00'),
      hasOffset: false,
    });
    expect(parseCampaignTime('2026-04-10')?.ms).toBe(Date.parse('2026-04-10T00:00:00+08:00'));
    expect(parseCampaignTime('2026-04-10T10:00:30.5')?.ms).toBe(
      Date.parse('2026-04-10T10:00:30.500+08:00'),
    );
  });

  it('honours an offset when the text names one', () => {
    expect(parseCampaignTime('2026-04-10T10:00+08:00')).toEqual({
      ms: Date.UTC(2026, 3, 10, 2),
      hasOffset: true,
    });
    expect(parseCampaignTime('2026-04-10T02:00:00Z')?.ms).toBe(Date.UTC(2026, 3, 10, 2));
    expect(parseCampaignTime('2026-04-09T21:00-05:00')?.ms).toBe(Date.UTC(2026, 3, 10, 2));
  });

  it('refuses impossible dates, times and offsets instead of rolling them over', () => {
    for (const text of [
      '2026-02-30',
      '2026-04-10T24:00',
      '2026-04-10T10:60',
      '2026-04-10T10:00+15:00',
      '2026-04-10T10:00+08:60',
      'tomorrow',
      '2026-4-10',
    ]) {
      expect(parseCampaignTime(text), text).toBe(null);
    }
  });

  it('writes an instant back as the China-time minute', () => {
    expect(formatCampaignMinute(Date.UTC(2026, 3, 9, 16, 30))).toBe('2026-04-10T00:30');
  });
});
