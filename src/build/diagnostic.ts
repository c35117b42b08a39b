/** How bad a problem is: an error fails validation (exit 1) and the build; a warning does not. */
export type Severity = 'error' | 'warning';

/** A text edit that `npm run validate -- --fix` may apply: replace `length` chars at `offset`. */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

/** A safe, mechanical fix of one problem (the file's bytes are rewritten as UTF-8 without BOM). */
export interface Fix {
  /** What the fix does, for the --fix report. */
  description: string;
  /** Edits on the file's text as read (after a BOM, if any, was dropped). */
  edits: TextEdit[];
  /** Write the file without its byte-order mark. */
  dropBom?: boolean;
}

/** One problem in one campaign file, located for a person: file:line:column  path  message. */
export interface Diagnostic {
  file: string;
  line: number;
  column: number;
  /** JSON path like body[2].props.prizes, or "" for the whole document. */
  path: string;
  message: string;
  /** Stable machine code: json, schema, unknown-widget, duplicate-id, ... */
  code: string;
  /** "error" when absent. */
  severity?: Severity;
  /** Present when `--fix` can repair it. */
  fix?: Fix;
}

export type JsonPath = (string | number)[];

export function severityOf(d: Diagnostic): Severity {
  return d.severity ?? 'error';
}

export function isError(d: Diagnostic): boolean {
  return severityOf(d) === 'error';
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_$][\w$]*$/.test(key) ? (out ? `.${key}` : key) : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

/** `file:line:column  path  message`; a warning's message starts with "warning:". */
export function formatDiagnostic(d: Diagnostic): string {
  const message = isError(d) ? d.message : `warning: ${d.message}`;
  return `${d.file}:${d.line}:${d.column}  ${d.path || '(document)'}  ${message}`;
}
