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
}

export type JsonPath = (string | number)[];

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

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}  ${d.path || '(document)'}  ${d.message}`;
}
