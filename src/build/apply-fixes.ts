import { readFileSync, writeFileSync } from 'node:fs';
import type { Diagnostic, TextEdit } from './diagnostic';
import { decodeCampaignBytes } from './json-source';

export interface AppliedFix {
  file: string;
  descriptions: string[];
}

/**
 * Applies the safe, mechanical fixes of the given diagnostics (`$schema` paths, byte-order
 * marks) to their files, right after they were checked. `pathOf` maps a diagnostic's file name
 * to the path on disk. Files are written back as UTF-8 without BOM.
 */
export function applyFixes(
  diagnostics: readonly Diagnostic[],
  pathOf: (file: string) => string | undefined,
): AppliedFix[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    if (!d.fix) continue;
    byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  }
  const applied: AppliedFix[] = [];
  for (const [file, list] of byFile) {
    const path = pathOf(file);
    if (!path) continue;
    const decoded = decodeCampaignBytes(readFileSync(path));
    if (!decoded.ok) continue;
    const edits: TextEdit[] = list
      .flatMap((d) => d.fix?.edits ?? [])
      .sort((a, b) => b.offset - a.offset);
    let text = decoded.text;
    let lastStart = Number.POSITIVE_INFINITY;
    for (const edit of edits) {
      // Overlapping edits would corrupt the file: keep the first (rightmost) only.
      if (edit.offset + edit.length > lastStart) continue;
      text = text.slice(0, edit.offset) + edit.text + text.slice(edit.offset + edit.length);
      lastStart = edit.offset;
    }
    writeFileSync(path, text, 'utf8');
    applied.push({ file, descriptions: list.map((d) => d.fix?.description ?? d.code) });
  }
  return applied;
}
