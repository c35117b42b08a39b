import { describe, expect, it } from 'vitest';
import { GRID_STEP_MS } from './spin-constants';
import {
  gridStepDelays,
  gridSteps,
  slotAtAngle,
  slotForResult,
  wheelTargetAngle,
} from './spin-math';

describe('wheelTargetAngle', () => {
  it.each([2, 6, 8, 12])('puts every slot of a %i-slot wheel under the pointer', (count) => {
    for (const floor of [0, 17, 359.5, 720, 12_345.6]) {
      for (let slot = 0; slot < count; slot++) {
        const angle = wheelTargetAngle(floor, slot, count);
        expect(slotAtAngle(angle, count)).toBe(slot);
        // Never backwards, and never more than one extra turn past the floor.
        expect(angle).toBeGreaterThanOrEqual(floor);
        expect(angle - floor).toBeLessThan(360);
      }
    }
  });
});

describe('grid steps', () => {
  it('ends on the target cell after the given laps, always moving forward', () => {
    for (let from = 0; from < 8; from++) {
      for (let to = 0; to < 8; to++) {
        const steps = gridSteps(from, to, 8, 1);
        expect((from + steps) % 8).toBe(to);
        expect(steps).toBeGreaterThanOrEqual(8);
      }
    }
  });

  it('slows down towards the end', () => {
    const delays = gridStepDelays(12, GRID_STEP_MS);
    expect(delays).toHaveLength(12);
    expect(delays[0]).toBe(GRID_STEP_MS);
    for (let i = 1; i < delays.length; i++) {
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    }
  });
});

describe('slotForResult', () => {
  const slots = [{ prizeId: 'a' }, { prizeId: 'b' }, { prizeId: 'c' }];

  it('matches by prize id, whatever index the server sent', () => {
    expect(slotForResult(slots, { prizeId: 'c', index: 0 }, false)).toBe(2);
    expect(slotForResult(slots, { prizeId: 'b', index: 7 }, true)).toBe(1);
  });

  it('uses the index only for the server’s own slot list and no prize id', () => {
    expect(slotForResult(slots, { prizeId: null, index: 1 }, true)).toBe(1);
    expect(slotForResult(slots, { prizeId: null, index: 1 }, false)).toBeNull();
  });

  it('lands nowhere for an unknown prize rather than on a wrong slot', () => {
    expect(slotForResult(slots, { prizeId: 'zzz', index: 1 }, true)).toBeNull();
    expect(slotForResult(slots, { prizeId: null, index: 3 }, true)).toBeNull();
  });
});
