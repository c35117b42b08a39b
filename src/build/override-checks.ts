import type { Diagnostic, JsonPath } from './diagnostic';
import { formatPath, isError } from './diagnostic';
import type { JsonSource } from './json-source';
import { didYouMean } from './suggest';

/**
 * Mistakes of a page that `extends` a template, reported in the page (issue 34): a block whose id
 * the template does not have, and a `null` that removes what the template still uses.
 */

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const idsOf = (list: unknown): string[] | undefined =>
  Array.isArray(list) &&
  list.length > 0 &&
  list.every((item) => isRecord(item) && typeof item.id === 'string')
    ? list.map((item) => (item as { id: string }).id)
    : undefined;

export interface OverrideLayer {
  source: JsonSource;
  raw: Json;
}

export interface UnknownId {
  diagnostic: Diagnostic;
  /** The block's path in the merged document: its other problems follow from this one. */
  mergedPath: string;
}

/**
 * Blocks of `page` merged by id (body, dialogs' bodies, children) that name an id the template
 * does not have and no `type`: the author meant a template block and mistyped its id.
 */
export function unknownOverrideIds(
  page: OverrideLayer,
  template: unknown,
  templateName: string,
): UnknownId[] {
  const found: UnknownId[] = [];
  const compare = (
    pageList: unknown,
    templateList: unknown,
    pagePath: JsonPath,
    mergedPath: JsonPath,
  ) => {
    const pageIds = idsOf(pageList);
    const templateIds = idsOf(templateList);
    if (!pageIds || !templateIds) return; // replaced, not merged by id
    let added = 0;
    pageIds.forEach((id, index) => {
      const item = (pageList as Json[])[index]!;
      const at = templateIds.indexOf(id);
      const mergedIndex = at >= 0 ? at : templateIds.length + added++;
      if (at >= 0) {
        const templateItem = (templateList as Json[])[at]!;
        compare(
          item.children,
          templateItem.children,
          [...pagePath, index, 'children'],
          [...mergedPath, mergedIndex, 'children'],
        );
        return;
      }
      if (item.type !== undefined) return; // a new block, complete
      found.push({
        mergedPath: formatPath([...mergedPath, mergedIndex]),
        diagnostic: {
          file: page.source.file,
          ...page.source.locate([...pagePath, index, 'id']),
          path: formatPath([...pagePath, index, 'id']),
          message: `no block of the template "${templateName}" has the id "${id}"${didYouMean(id, templateIds) || '.'} To change a block of the template, use one of its ids (${templateIds.join(', ')}); a new block needs its "type"`,
          code: 'unknown-override-id',
        },
      });
    });
  };
  compare(page.raw.body, isRecord(template) ? template.body : undefined, ['body'], ['body']);
  const pageDialogs = page.raw.dialogs;
  const templateDialogs = isRecord(template) ? template.dialogs : undefined;
  const dialogIds = idsOf(templateDialogs);
  const pageDialogIds = idsOf(pageDialogs);
  if (dialogIds && pageDialogIds) {
    pageDialogIds.forEach((id, index) => {
      const at = dialogIds.indexOf(id);
      if (at < 0) return;
      compare(
        (pageDialogs as Json[])[index]!.body,
        (templateDialogs as Json[])[at]!.body,
        ['dialogs', index, 'body'],
        ['dialogs', at, 'body'],
      );
    });
  }
  return found;
}

/** Every path of a JSON object whose value is `null` (a setting the page removes). */
export function nullPaths(value: unknown, path: JsonPath = []): JsonPath[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => nullPaths(item, [...path, index]));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, item]) =>
    item === null ? [[...path, key]] : nullPaths(item, [...path, key]),
  );
}

/** `value` without the key at `path` (a path from nullPaths). */
export function withoutPath(value: unknown, path: JsonPath): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === 'number')
    return value.map((item, index) => (index === head ? withoutPath(item, rest) : item));
  if (!isRecord(value) || typeof head !== 'string') return value;
  if (rest.length === 0)
    return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head));
  return { ...value, [head]: withoutPath(value[head], rest) };
}

export const diagnosticKey = (d: Diagnostic) =>
  `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;

/** What the page's `null` at `path` broke in the template: one problem, at the null. */
export function nullBlame(page: OverrideLayer, path: JsonPath, broken: Diagnostic[]): Diagnostic {
  const first = broken[0]!;
  const key = formatPath(path);
  const more = broken.length > 1 ? ` and ${broken.length - 1} more` : '';
  return {
    file: page.source.file,
    ...page.source.locate(path),
    path: key,
    message: `"${key}": null removes what the template still uses (${first.file}:${first.line}:${first.column} ${first.path}: ${first.message}${more}): remove the null and override only the settings that change`,
    code: 'override-removes-used',
  };
}

/**
 * `"share": null` in a file that extends nothing removes nothing: the merge drops it silently, so
 * the author's intent (a share card? none?) is lost. Said plainly instead (issue 34).
 */
export function nullsWithoutTemplate(layer: OverrideLayer): Diagnostic[] {
  return Object.entries(layer.raw)
    .filter(([, value]) => value === null)
    .map(([key]) => ({
      file: layer.source.file,
      ...layer.source.locate([key]),
      path: key,
      message: `"${key}" is null: null only removes a template's setting, and this file extends no template. Leave "${key}" out, or write its settings`,
      code: 'null',
    }));
}

/**
 * A page's mistakes against its template, reported in the page (issue 34): an id the template
 * does not have, a `null` that removes what the template still uses. `recompile(undefined)` is
 * the template's own problems; `recompile(text)`, the page's with that text.
 */
export function blameOverride<R extends { diagnostics: Diagnostic[] }>(
  result: R,
  page: OverrideLayer,
  template: unknown,
  recompile: (pageText: string | undefined) => Diagnostic[],
): R {
  let diagnostics = result.diagnostics;
  const templateName = page.raw.extends as string;
  for (const unknown of unknownOverrideIds(page, template, templateName)) {
    const blockPath = unknown.diagnostic.path.replace(/\.id$/, '');
    const follows = (path: string, prefix: string) =>
      path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
    diagnostics = diagnostics.filter(
      (d) =>
        d.file !== page.source.file ||
        !(follows(d.path, unknown.mergedPath) || follows(d.path, blockPath)),
    );
    diagnostics.push(unknown.diagnostic);
  }
  diagnostics = [...diagnostics, ...nullsRemovingNothing(page, template)];
  const inTemplates = diagnostics.filter((d) => d.file !== page.source.file && isError(d));
  const written: unknown = inTemplates.length > 0 ? JSON.parse(page.source.text) : undefined;
  const nulls = nullPaths(written);
  if (nulls.length > 0) {
    const own = new Set(recompile(undefined).map(diagnosticKey));
    let caused = inTemplates.filter((d) => !own.has(diagnosticKey(d)));
    for (const path of nulls) {
      if (caused.length === 0) break;
      const without = new Set(
        recompile(JSON.stringify(withoutPath(written, path))).map(diagnosticKey),
      );
      const fixed = caused.filter((d) => !without.has(diagnosticKey(d)));
      if (fixed.length === 0) continue;
      const gone = new Set(fixed.map(diagnosticKey));
      diagnostics = diagnostics.filter((d) => !gone.has(diagnosticKey(d)));
      caused = caused.filter((d) => !gone.has(diagnosticKey(d)));
      diagnostics.push(nullBlame(page, path, fixed));
    }
  }
  return diagnostics.length === result.diagnostics.length &&
    diagnostics.every((d, i) => d === result.diagnostics[i])
    ? result
    : { ...result, diagnostics };
}

/**
 * A `null` for a setting the template does not have (`"share": null` under a template without a
 * share): it removes nothing, so it is likely a mistake. Settings inside lists are left out (an
 * item's index differs between the page and the template).
 */
function nullsRemovingNothing(page: OverrideLayer, template: unknown): Diagnostic[] {
  return nullPaths(page.raw)
    .filter((path) => path.every((segment) => typeof segment === 'string'))
    .filter((path) => {
      let at: unknown = template;
      for (const segment of path) {
        if (!isRecord(at) || !Object.prototype.hasOwnProperty.call(at, segment)) return true;
        at = at[segment];
      }
      return false;
    })
    .map((path) => ({
      file: page.source.file,
      ...page.source.locate(path),
      path: formatPath(path),
      message: `"${formatPath(path)}": null removes nothing: the template has no such setting. Leave it out, or write the setting`,
      code: 'null',
      severity: 'warning' as const,
    }));
}
