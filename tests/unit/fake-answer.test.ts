import { describe, expect, it } from 'vitest';
import { contracts } from '../../src/contracts';
import { fakeAnswer } from '../support/fake-answer';

describe('fakeAnswer', () => {
  it.each(Object.keys(contracts))('%s: the fake satisfies the output schema', (name) => {
    const { output } = contracts[name as keyof typeof contracts];
    const result = output.safeParse(fakeAnswer(output, name));
    expect(result.error?.issues ?? []).toEqual([]);
  });
});
