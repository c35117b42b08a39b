/**
 * The two transformations of `npm run new` (scripts/scaffold.ts): renaming the source's activity
 * codes and prize ids in a document, and the `extends` override that turns a template into a
 * given document (the inverse of src/engine/document/deep-merge.ts).
 */
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces the source's codes (in any text, as whole ids) and prize ids (where a prize is named). */
export class Renamer {
  private readonly pattern: RegExp | null;

  constructor(
    private readonly codes: ReadonlyMap<string, string>,
    private readonly prizes: ReadonlyMap<string, ReadonlyMap<string, string>>,
  ) {
    const alternatives = [...codes.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    this.pattern =
      alternatives.length > 0
        ? new RegExp(`(?<![A-Za-z0-9_-])(?:${alternatives.join('|')})(?![A-Za-z0-9_-])`, 'g')
        : null;
  }

  private text(value: string): string {
    return this.pattern
      ? value.replace(this.pattern, (code) => this.codes.get(code) ?? code)
      : value;
  }

  private prize(scope: string | undefined, id: unknown): unknown {
    if (typeof id !== 'string' || scope === undefined) return id;
    return this.prizes.get(scope)?.get(id) ?? id;
  }

  /** `scope`: the source activity whose prizes ids here name (an object's `activityCode` wins). */
  rename(value: unknown, scope: string | undefined): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.rename(item, scope));
    if (!isRecord(value)) return value;
    const own = value.activityCode;
    const inner = typeof own === 'string' && this.codes.has(own) ? own : scope;
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (key === 'prizeId' || key === 'fallbackPrizeId') return [key, this.prize(inner, item)];
        if (key === 'prizeIds' && Array.isArray(item)) {
          return [key, item.map((id) => this.prize(inner, id))];
        }
        if (key === 'prizeNames' && isRecord(item)) {
          const renamed = Object.entries(item).map(([id, name]) => [
            this.prize(inner, id),
            this.rename(name, inner),
          ]);
          return [key, Object.fromEntries(renamed)];
        }
        return [key, this.rename(item, inner)];
      }),
    );
  }
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

type IdItem = Json & { id: string };
const allHaveIds = (list: unknown[]): list is IdItem[] =>
  list.length > 0 && list.every((item) => isRecord(item) && typeof item.id === 'string');

/**
 * The override that turns `base` into `target` under the `extends` rule (deep-merge.ts):
 * differing keys only, `null` for a key removed, id lists by id; undefined when equal.
 */
export function overrideFor(base: unknown, target: unknown): unknown {
  if (deepEqual(base, target)) return undefined;
  if (isRecord(base) && isRecord(target)) {
    const out: Json = {};
    for (const [key, value] of Object.entries(target)) {
      const diff = key in base ? overrideFor(base[key], value) : value;
      if (diff !== undefined) out[key] = diff;
    }
    for (const key of Object.keys(base)) if (!(key in target)) out[key] = null;
    return out;
  }
  if (Array.isArray(base) && Array.isArray(target) && allHaveIds(base) && allHaveIds(target)) {
    const byId = new Map(base.map((item) => [item.id, item]));
    const out: Json[] = [];
    for (const item of target) {
      const before = byId.get(item.id);
      const diff = before ? overrideFor(before, item) : item;
      if (diff !== undefined) out.push({ id: item.id, ...(diff as Json) });
    }
    return out;
  }
  return target;
}
