import { describe, expect, it } from 'vitest';
import { createFakeServices } from '../../../tests/support/fake-services';

/**
 * The client's calls are typed by the contracts (src/contracts, issue 31). These checks run in
 * `tsc`: each `@ts-expect-error` fails typecheck the day the error it expects disappears, so an
 * unknown call name or a field the contract lacks can never be read silently.
 */
describe('typed api calls', () => {
  it('types the answer by the call name, and only by a catalogue name', async () => {
    const { api } = createFakeServices({
      apiHandler: () => ({ code: 0, result: { remainChance: 2, costPerDraw: 1 } }),
    });
    const envelope = await api.call('generalActivity.getRemainChance', { activityCode: 'demo' });
    const chances: number | undefined = envelope.result?.remainChance;
    expect(chances).toBe(2);
    // @ts-expect-error a field the contract does not have
    expect(envelope.result?.remainChances).toBeUndefined();
    // @ts-expect-error a name outside the catalogue (a typo of luckDraw)
    await api.call('generalActivity.luckdraw');
    // A name known only at run time is a plain string: its answer is unknown, read by hand.
    const dynamic: string = 'generalActivity.getRemainChance';
    const loose = await api.call(dynamic);
    // @ts-expect-error unknown until parsed
    expect(loose.result?.remainChance).toBe(2);
  });
});
