import type { EnvVarDoc } from '../config/env-fields';
import { ENV_VARS } from '../config/env-schema';

/**
 * docs/server.md's configuration table, generated from config/env-schema.ts between two marker
 * comments (npm run generate writes it; `generate --check` fails in CI when it is stale).
 */
export const ENV_TABLE_BEGIN =
  '<!-- env-table:begin (generated from server/src/config/env-schema.ts by npm run generate; edit the schema, not this table) -->';
export const ENV_TABLE_END = '<!-- env-table:end -->';

const code = (s: string) => `\`${s}\``;
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function typeCell(doc: EnvVarDoc): string {
  return doc.allowed ? `one of ${doc.allowed.map(code).join(', ')}` : doc.type;
}

/** The tables, one per section in the schema's order. */
export function renderEnvTable(): string {
  const sections = new Map<string, string[]>();
  for (const [name, { doc }] of Object.entries(ENV_VARS) as [string, { doc: EnvVarDoc }][]) {
    const rows = sections.get(doc.section) ?? [];
    const shown = doc.default === undefined ? '(unset)' : code(doc.default);
    rows.push(`| ${code(name)} | ${cell(typeCell(doc))} | ${shown} | ${cell(doc.description)} |`);
    sections.set(doc.section, rows);
  }
  const out: string[] = [];
  for (const [section, rows] of sections) {
    out.push(
      `**${section}**`,
      '',
      '| variable | type | default | meaning |',
      '| --- | --- | --- | --- |',
    );
    out.push(...rows, '');
  }
  return out.join('\n').trimEnd();
}

/** `markdown` with the text between the markers replaced by `table`; throws without markers. */
export function spliceEnvTable(markdown: string, table: string): string {
  const begin = markdown.indexOf(ENV_TABLE_BEGIN);
  const end = markdown.indexOf(ENV_TABLE_END);
  if (begin < 0 || end < begin) {
    throw new Error(
      `docs/server.md: the markers ${ENV_TABLE_BEGIN} … ${ENV_TABLE_END} are missing`,
    );
  }
  return `${markdown.slice(0, begin + ENV_TABLE_BEGIN.length)}\n\n${table}\n\n${markdown.slice(end)}`;
}
