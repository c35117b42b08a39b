import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseActivity } from '../src/config/load-activities';
import { body, createTestApp, login } from './harness';
import type { TestApp } from './harness';

/**
 * Issue 32 point 4: flash draws in time-boxed rounds (the server decides), and the new-phone
 * quarters 3-5 as activity windows of their own.
 */

const G = '/mp/api/generalActivity';
const FLASH = 'flash-draw';
const beijing = (day: string, clock: string) => `${day}T${clock}:00+08:00`;
const ms = (day: string, clock: string) => Date.parse(beijing(day, clock));

interface FlashInfo {
  serverTime: number;
  rounds: number;
  round: { index: number; start: number; end: number } | null;
  nextRound: { index: number; start: number; end: number } | null;
  remainChance: number;
}

describe('flash draws: rounds of the campaign day', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const flashDraw = (coordinates = '120,480') =>
    t.app.inject({
      method: 'POST',
      url: `${G}/flashLuckDraw`,
      payload: { activityCode: FLASH, coordinates },
      headers: { cookie },
    });
  const info = async () =>
    body<FlashInfo>(await get(`${G}/getFlashDrawByConfigActivityId4C?activityCode=${FLASH}`))
      .result;

  beforeAll(async () => {
    t = await createTestApp({
      now: beijing('2026-11-27', '13:00'),
      // Two rounds with gaps around them, so "between rounds" can be tested.
      editActivities: (m) => {
        const a = m.get(FLASH);
        if (!a) throw new Error('flash-draw activity missing');
        m.set(FLASH, {
          ...a,
          flash: {
            rounds: [
              { start: '10:00', end: '12:00' },
              { start: '18:00', end: '20:00' },
            ],
          },
        });
      },
    });
    cookie = await login(t.app, '13700003201');
  });
  afterAll(() => t.close());

  it('between rounds: the next round is named and a flash draw is refused, nothing spent', async () => {
    const before = await info();
    expect(before).toMatchObject({
      serverTime: ms('2026-11-27', '13:00'),
      rounds: 2,
      round: null,
      nextRound: { index: 2, start: ms('2026-11-27', '18:00'), end: ms('2026-11-27', '20:00') },
    });
    const refused = await flashDraw();
    expect(refused.statusCode).toBe(403);
    expect(body(refused).error).toBe('FLASH_ROUND_CLOSED');
    expect((await info()).remainChance).toBe(before.remainChance);
  });

  it('inside a round: the server draws (the coordinates are taken, never deciding)', async () => {
    t.setNow(beijing('2026-11-27', '18:30'));
    const open = await info();
    expect(open.round).toEqual({
      index: 2,
      start: ms('2026-11-27', '18:00'),
      end: ms('2026-11-27', '20:00'),
    });
    const drawn = await flashDraw('9999,-1');
    expect(drawn.statusCode).toBe(200);
    expect(body<{ remainChance: number }>(drawn).result.remainChance).toBeLessThanOrEqual(
      open.remainChance,
    );
  });

  it('at a round end the round is closed; after the last, the next is tomorrow’s first', async () => {
    t.setNow(beijing('2026-11-27', '20:00'));
    expect((await info()).round).toBeNull();
    expect((await flashDraw()).statusCode).toBe(403);
    t.setNow(beijing('2026-11-27', '23:59'));
    expect((await info()).nextRound).toEqual({
      index: 1,
      start: ms('2026-11-28', '10:00'),
      end: ms('2026-11-28', '12:00'),
    });
  });

  it('refuses an activity whose rounds overlap or end before they start', () => {
    const raw = (rounds: { start: string; end: string }[]) => ({
      id: 1,
      activityCode: 'x',
      title: 'x',
      window: { start: '2026-01-01T00:00:00+08:00', end: '2027-01-01T00:00:00+08:00' },
      flash: { rounds },
    });
    expect(() =>
      parseActivity(
        raw([
          { start: '10:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ]),
        'x.json',
      ),
    ).toThrow(/flash\.rounds\[1\]: starts before round 1 ends/);
    expect(() => parseActivity(raw([{ start: '12:00', end: '10:00' }]), 'x.json')).toThrow(
      /start 12:00 must be before end 10:00/,
    );
    expect(() => parseActivity(raw([{ start: '9:00', end: '10:00' }]), 'x.json')).toThrow(
      /expected a time such as "10:00"/,
    );
    expect(parseActivity(raw([{ start: '20:00', end: '24:00' }]), 'x.json').flash.rounds).toEqual([
      { start: '20:00', end: '24:00' },
    ]);
  });
});

describe('new-phone quarters 3-5: an activity window each', () => {
  let t: TestApp;
  let cookie: string;
  const index = async (q: string) =>
    body<{ status: string; window: { start: number; end: number }; remainChance: number }>(
      await t.app.inject({
        method: 'GET',
        url: `/mp/api/newPhone/${q}index?activityCode=new-phone-${q}`,
        headers: { cookie },
      }),
    ).result;
  const send = (q: string) =>
    t.app.inject({
      method: 'POST',
      url: `/mp/api/newPhone/${q}send`,
      payload: { activityCode: `new-phone-${q}` },
      headers: { cookie },
    });

  beforeAll(async () => {
    t = await createTestApp({ now: beijing('2026-11-27', '10:00') });
    cookie = await login(t.app, '13700003202');
  });
  afterAll(() => t.close());

  it('each quarter says its own window and where it stands', async () => {
    expect(await index('q3')).toMatchObject({
      status: 'ongoing',
      window: { start: ms('2026-07-01', '00:00'), end: Date.parse('2030-09-30T23:59:59+08:00') },
    });
    expect((await index('q4')).status).toBe('ongoing');
    expect(await index('q5')).toMatchObject({
      status: 'notStarted',
      window: { start: ms('2027-01-01', '00:00') },
    });
  });

  it('a quarter draws in its window, once a day, and refuses outside it', async () => {
    expect((await index('q3')).remainChance).toBe(1);
    expect((await send('q3')).statusCode).toBe(200);
    expect((await index('q3')).remainChance).toBe(0);
    // Quarter 4 is its own activity: its chance is untouched by quarter 3's draw.
    expect((await index('q4')).remainChance).toBe(1);
    const early = await send('q5');
    expect(early.statusCode).toBe(403);
    expect(body(early).error).toBe('ACTIVITY_UNAVAILABLE');
  });
});
