import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildActivityJsonSchema } from '../build/generate-artifacts';
import { activityConfigSchema } from './activity-schema';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Every property of a JSON Schema, at every depth (lists' items, unions' options), by path. */
function properties(schema: unknown, path = ''): [string, Json][] {
  if (Array.isArray(schema)) return schema.flatMap((item) => properties(item, path));
  if (!isRecord(schema)) return [];
  const found: [string, Json][] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      for (const [name, property] of Object.entries(value)) {
        const at = path ? `${path}.${name}` : name;
        if (isRecord(property)) found.push([at, property], ...properties(property, at));
      }
    } else if (key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf') {
      found.push(...properties(value, key === 'items' ? `${path}[]` : path));
    } else if (key === 'additionalProperties' || key === 'propertyNames') {
      found.push(...properties(value, `${path}.*`));
    }
  }
  return found;
}

describe('schemas/activity.schema.json (issue 34: the editor explains every field)', () => {
  const schema = buildActivityJsonSchema(activityConfigSchema);

  it('describes every field of an activity, at every depth', () => {
    const all = properties(schema);
    expect(all.length).toBeGreaterThan(250);
    const undescribed = all
      .filter(
        ([, property]) => typeof property.description !== 'string' || property.description === '',
      )
      .map(([path]) => path);
    expect(undescribed).toEqual([]);
  });

  it('is what npm run generate wrote (the committed file has the descriptions)', () => {
    const committed = JSON.parse(readFileSync('schemas/activity.schema.json', 'utf8')) as unknown;
    expect(committed).toEqual(schema);
  });
});
