/**
 * The override rule of `extends` (documented in docs/authoring.md):
 * - objects merge key by key; a `null` in the override deletes the key;
 * - lists whose items all have an `id` merge by id (an override item with a known id merges into
 *   it, new ids are appended); any other list is replaced whole.
 */
export function deepMerge(base: unknown, override: unknown): unknown {
  if (override === undefined) return base;
  if (isRecord(base) && isRecord(override)) {
    const out: [string, unknown][] = Object.entries(base);
    const index = new Map(out.map(([key], i) => [key, i]));
    for (const [key, value] of Object.entries(override)) {
      const at = index.get(key);
      if (value === null) {
        if (at !== undefined) out[at] = [key, undefined];
        continue;
      }
      if (at === undefined) {
        index.set(key, out.length);
        out.push([key, value]);
      } else {
        out[at] = [key, deepMerge(out[at]?.[1], value)];
      }
    }
    // fromEntries keeps a "__proto__" key as plain data.
    return Object.fromEntries(out.filter(([, value]) => value !== undefined));
  }
  if (Array.isArray(base) && Array.isArray(override) && allHaveIds(base) && allHaveIds(override)) {
    const merged = [...base];
    const position = new Map(base.map((item, i) => [item.id, i]));
    for (const item of override) {
      const at = position.get(item.id);
      if (at === undefined) merged.push(item);
      else merged[at] = deepMerge(merged[at], item) as IdItem;
    }
    return merged;
  }
  return override;
}

type IdItem = Record<string, unknown> & { id: string };

function allHaveIds(list: unknown[]): list is IdItem[] {
  return list.length > 0 && list.every((item) => isRecord(item) && typeof item.id === 'string');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
