import type { Diagnostic, JsonPath } from './diagnostic';
import { formatPath } from './diagnostic';
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
