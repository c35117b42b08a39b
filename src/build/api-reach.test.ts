import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts, type ApiName } from '../contracts';
import { CALLS_NO_PAGE_MAKES } from '../contracts/calls-no-page-makes';
import { callKey, reachableCalls, specCalls } from './api-reach';
import { openProject } from './campaign-context';

// Issue 32 item 6: every spec §7 call is made by some page, or listed in docs/api.md ("Calls no
// page makes", src/contracts/calls-no-page-makes.ts) with the reason no page needs it.
describe('the spec calls the pages make', () => {
  const reach = reachableCalls(openProject());
  const listed = new Map(
    Object.entries(CALLS_NO_PAGE_MAKES).map(([name, reason]) => [
      callKey(contracts[name as ApiName]),
      { name, reason },
    ]),
  );

  it('every spec call no page can make is listed with its reason', () => {
    const unlisted = specCalls()
      .filter((entry) => !reach.has(callKey(entry)) && !listed.has(callKey(entry)))
      .map((entry) => entry.name);
    expect(unlisted).toEqual([]);
  });

  it('no listed call is made by a page', () => {
    const reached = [...listed]
      .filter(([key]) => reach.has(key))
      .map(([key, { name }]) => `${name}: ${reach.get(key)?.join(', ')}`);
    expect(reached).toEqual([]);
  });

  it('leaves at most 5 spec calls without a page (issue 32)', () => {
    expect(Object.keys(CALLS_NO_PAGE_MAKES).length).toBeLessThanOrEqual(5);
  });

  it('lists only the spec’s calls, each with its reason', () => {
    for (const [name, reason] of Object.entries(CALLS_NO_PAGE_MAKES)) {
      expect(contracts[name as ApiName].ours, name).toBe(false);
      expect(reason?.length ?? 0, name).toBeGreaterThan(20);
    }
  });

  it('docs/api.md shows the list', () => {
    const doc = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Calls no page makes'));
    for (const [key, { reason }] of listed) {
      expect(section).toContain(`\`${key.replace(' ', '` `')}\``);
      expect(section).toContain(reason);
    }
  });
});
