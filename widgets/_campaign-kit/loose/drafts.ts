/**
 * Form drafts a tab kept (src/engine/data/use-form-draft.ts): stored data from an older page or
 * another build, so read as loosely as an answer and never trusted to have its shape.
 */
import { isRecord, str } from './read';

/** address-form's four fields, as text; null when the kept value is no draft. */
export function addressDraftOf(
  raw: unknown,
): { name: string; phone: string; region: string; detail: string } | null {
  if (!isRecord(raw)) return null;
  return {
    name: str(raw.name),
    phone: str(raw.phone),
    region: str(raw.region),
    detail: str(raw.detail),
  };
}

/** lead-form's values by field name and the phone fields typed by hand; null when no draft. */
export function leadDraftOf(
  raw: unknown,
): { values: Record<string, string>; typed: string[] } | null {
  if (!isRecord(raw) || !isRecord(raw.values)) return null;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw.values))
    if (typeof value === 'string') values[name] = value;
  const typed = Array.isArray(raw.typed)
    ? raw.typed.filter((v): v is string => typeof v === 'string')
    : [];
  return { values, typed };
}
