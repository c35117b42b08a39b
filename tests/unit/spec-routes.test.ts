/**
 * spec §2 "Route list" against campaigns/: every document serves a route the spec lists, and every
 * route of a finished family (../shared/BREADTH.md "when a route counts as done", point 6) has one.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCampaignFiles } from '../../src/build/campaign-project';
import { ALL_SPEC_ROUTES, FINISHED_FAMILIES, SPEC_ROUTES } from '../../src/spec/routes';

const documented = new Set(
  listCampaignFiles(join(process.cwd(), 'campaigns'))
    .map((file) => file.route)
    .filter((route): route is string => route !== null),
);

describe('spec §2 route list', () => {
  it('lists 156 routes in the breadth families and no route twice', () => {
    const families = Object.entries(SPEC_ROUTES).filter(([family]) => family !== 'core');
    expect(families.flatMap(([, routes]) => routes)).toHaveLength(156);
    expect(new Set(ALL_SPEC_ROUTES).size).toBe(ALL_SPEC_ROUTES.length);
  });

  it('has a document for every route of a finished family', () => {
    const missing = FINISHED_FAMILIES.flatMap((family) =>
      SPEC_ROUTES[family].filter((route) => !documented.has(route)),
    );
    expect(missing).toEqual([]);
  });

  it('has no document for a route the spec does not list', () => {
    const spec = new Set(ALL_SPEC_ROUTES);
    expect([...documented].filter((route) => !spec.has(route))).toEqual([]);
  });
});
