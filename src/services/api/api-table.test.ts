import { describe, expect, it } from 'vitest';
import { encodeApiTable } from '../../build/api-table';
import { addApiRoutes, apiRoute } from './api-table';
import { apiCatalogue } from './catalogue';

const entry = (name: string) => apiCatalogue.find((item) => item.name === name)!;

describe('the routes a page knows', () => {
  it("answers a name from a document's table at once, and other names from the whole table", async () => {
    const draw = entry('generalActivity.luckDraw');
    expect(apiRoute(draw.name)).toBeInstanceOf(Promise);

    addApiRoutes(encodeApiTable([draw, entry('generalActivity.getRemainChance')]));
    // Known now: no promise, so no wait for the whole table.
    expect(apiRoute(draw.name)).toEqual({
      name: draw.name,
      method: 'POST',
      path: draw.path,
      successCode: draw.successCode,
      mutation: true,
    });
    expect(apiRoute('generalActivity.getRemainChance')).not.toBeInstanceOf(Promise);

    // A call the document did not list still works, after the whole table has loaded.
    const vote = entry('newProduct.vote');
    await expect(apiRoute(vote.name)).resolves.toMatchObject({ path: vote.path, mutation: true });
    expect(apiRoute(vote.name)).not.toBeInstanceOf(Promise);
    await expect(apiRoute('generalActivity.nope')).resolves.toBeUndefined();
  });
});
