import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import type { Diagnostic, JsonPath } from './diagnostic';
import { formatPath } from './diagnostic';

/** Deeper JSON than this is refused before anything recursive (zod, merge) touches it. */
export const MAX_JSON_DEPTH = 100;
/** Widgets nested deeper than this (children in children…) are refused: no phone renders them. */
export const MAX_WIDGET_DEPTH = 32;

export type DecodedText =
  | { ok: true; text: string; bom: boolean }
  | { ok: false; byteOffset: number; line: number; column: number };

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Decodes a file's bytes as strict UTF-8; a leading byte-order mark is dropped and reported. */
export function decodeCampaignBytes(bytes: Uint8Array): DecodedText {
  try {
    const text = fatalUtf8.decode(bytes);
    const bom = text.charCodeAt(0) === 0xfeff;
    return { ok: true, text: bom ? text.slice(1) : text, bom };
  } catch {
    // Find the first byte that does not decode: binary search on the longest valid prefix.
    let low = 0;
    let high = bytes.length;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (validPrefix(bytes, mid)) low = mid;
      else high = mid - 1;
    }
    // The valid prefix may end inside a multi-byte character that the next byte breaks: the
    // problem then starts at that character's first byte.
    let offset = low;
    if (!validPrefix(bytes, low, false)) {
      while (offset > 0 && ((bytes[offset - 1] ?? 0) & 0xc0) === 0x80) offset -= 1;
      offset = Math.max(0, offset - 1);
    }
    const before = lenientUtf8.decode(bytes.subarray(0, offset));
    const lineStart = before.lastIndexOf('\n') + 1;
    const line = (before.match(/\n/g)?.length ?? 0) + 1;
    return { ok: false, byteOffset: offset, line, column: before.length - lineStart + 1 };
  }
}

function validPrefix(bytes: Uint8Array, length: number, stream = true): boolean {
  try {
    // stream: true accepts a prefix that stops inside a character.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, length), { stream });
    return true;
  } catch {
    return false;
  }
}

/** A campaign file's text with its syntax tree, so any JSON path maps back to a line and column. */
export class JsonSource {
  readonly tree: Node | undefined;
  readonly syntaxErrors: ParseError[] = [];
  /** Set when the parser itself ran out of stack (absurdly deep nesting). */
  readonly tooDeepToParse: boolean = false;
  /** Offsets where lines start, computed on the first `position()` (most files need none). */
  private lineStarts: number[] | undefined;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    let tree: Node | undefined;
    try {
      tree = parseTree(text, this.syntaxErrors, {
        disallowComments: true,
        allowTrailingComma: false,
      });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      this.tooDeepToParse = true;
    }
    this.tree = tree;
  }

  position(offset: number): { line: number; column: number } {
    if (!this.lineStarts) {
      this.lineStarts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1))
        this.lineStarts.push(i + 1);
    }
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  }

  /** The node at the exact path, if this file has it. */
  nodeAt(path: JsonPath): Node | undefined {
    return this.tree === undefined ? undefined : findNodeAtLocation(this.tree, path);
  }

  /** True when the exact path exists in this file. */
  has(path: JsonPath): boolean {
    return this.nodeAt(path) !== undefined;
  }

  /**
   * Offset of the node at the path, or of its deepest existing ancestor. With `key`, points at
   * the property name (for unknown-key errors).
   */
  locate(path: JsonPath, key?: string): { line: number; column: number } {
    if (!this.tree) return { line: 1, column: 1 };
    for (let depth = path.length; depth >= 0; depth -= 1) {
      const node = findNodeAtLocation(this.tree, path.slice(0, depth));
      if (!node) continue;
      if (key !== undefined && depth === path.length && node.type === 'object') {
        const property = node.children?.find((child) => child.children?.[0]?.value === key);
        if (property) return this.position(property.offset);
      }
      // Point at the property name rather than its value when the node is a property's value.
      const target = node.parent?.type === 'property' ? node.parent : node;
      return this.position(target.offset);
    }
    return { line: 1, column: 1 };
  }

  syntaxDiagnostics(): Diagnostic[] {
    if (this.tooDeepToParse) {
      return [
        {
          file: this.file,
          line: 1,
          column: 1,
          path: '',
          message: `nested far too deeply to read (more than ${MAX_JSON_DEPTH} levels): flatten the document`,
          code: 'too-deep',
        },
      ];
    }
    if (this.text.trim() === '') {
      return [
        {
          file: this.file,
          line: 1,
          column: 1,
          path: '',
          message:
            'the file is empty: a page is a JSON object; start from a copy of an existing page such as campaigns/luckDraw.json',
          code: 'empty',
        },
      ];
    }
    // The parser goes on after an error and often reports follow-on errors on the same line:
    // keep the first error of each line.
    const reported = new Set<number>();
    const out: Diagnostic[] = [];
    for (const error of this.syntaxErrors) {
      const code = printParseErrorCode(error.error);
      let offset = error.offset;
      let message = describeSyntaxError(code, this.text, offset);
      if (code === 'ValueExpected' || code === 'PropertyNameExpected') {
        // A trailing comma: point at the comma, not at the bracket after it.
        let before = offset - 1;
        while (before >= 0 && /\s/.test(this.text[before] ?? '')) before -= 1;
        if (this.text[before] === ',') {
          offset = before;
          message = `a comma before "${this.text[error.offset] ?? ''}" with nothing after it: remove the comma`;
        }
      }
      const at = this.position(offset);
      if (reported.has(at.line)) continue;
      reported.add(at.line);
      out.push({
        file: this.file,
        ...at,
        path: '',
        message: `invalid JSON: ${message}`,
        code: 'json',
      });
    }
    return out;
  }

  /**
   * What a JSON parser accepts but a campaign must not have: the same key twice in one object
   * (JSON keeps the last, silently dropping the first) and nesting deeper than the limits.
   * Walks the tree without recursion, so any depth is safe here.
   */
  structureDiagnostics(): Diagnostic[] {
    if (!this.tree) return [];
    const out: Diagnostic[] = [];
    let depthReported = false;
    // Each entry links to its parent: a path is only built for a problem.
    interface Entry {
      node: Node;
      parent: Entry | undefined;
      segment: string | number;
      depth: number;
      widgets: number;
    }
    const pathOf = (entry: Entry): JsonPath => {
      const path: JsonPath = [];
      for (let at: Entry | undefined = entry; at?.parent; at = at.parent) path.push(at.segment);
      return path.reverse();
    };
    const stack: Entry[] = [
      { node: this.tree, parent: undefined, segment: '', depth: 0, widgets: 0 },
    ];
    while (stack.length > 0) {
      const entry = stack.pop()!;
      const { node, depth, widgets } = entry;
      if (!depthReported && (depth > MAX_JSON_DEPTH || widgets > MAX_WIDGET_DEPTH)) {
        depthReported = true;
        const widgetLimit = widgets > MAX_WIDGET_DEPTH;
        const path = pathOf(entry);
        out.push({
          file: this.file,
          ...this.locate(path),
          // The whole path of a 1000-level document is unreadable: its start and its end.
          path:
            path.length > 8
              ? `${formatPath(path.slice(0, 4))}…${formatPath(path.slice(-3))} (${path.length} levels)`
              : formatPath(path),
          message: widgetLimit
            ? `widgets nested more than ${MAX_WIDGET_DEPTH} levels deep (children inside children): no phone renders this; flatten the containers`
            : `nested more than ${MAX_JSON_DEPTH} levels deep: flatten this part of the document`,
          code: 'too-deep',
        });
        continue;
      }
      if (node.type === 'object') {
        const seen = new Map<string, Node>();
        for (const property of node.children ?? []) {
          const keyNode = property.children?.[0];
          const valueNode = property.children?.[1];
          if (!keyNode) continue;
          const key = String(keyNode.value);
          const first = seen.get(key);
          if (first) {
            const at = this.position(first.offset);
            out.push({
              file: this.file,
              ...this.position(property.offset),
              path: formatPath([...pathOf(entry), key]),
              message: `duplicate key "${key}" (also at line ${at.line}, column ${at.column}): JSON keeps only the last one, so remove one of them`,
              code: 'duplicate-key',
            });
          } else seen.set(key, property);
          if (valueNode) {
            stack.push({
              node: valueNode,
              parent: entry,
              segment: key,
              depth: depth + 1,
              widgets: key === 'children' ? widgets + 1 : widgets,
            });
          }
        }
      } else if (node.type === 'array') {
        const children = node.children ?? [];
        for (let index = 0; index < children.length; index += 1)
          stack.push({
            node: children[index]!,
            parent: entry,
            segment: index,
            depth: depth + 1,
            widgets,
          });
      }
    }
    return out.sort((a, b) => a.line - b.line || a.column - b.column);
  }
}

function describeSyntaxError(code: string, text: string, offset: number): string {
  const hints: Record<string, string> = {
    CommaExpected: 'a comma is missing between items',
    PropertyNameExpected: 'a property name in double quotes is expected (no trailing comma)',
    ValueExpected: 'a value is expected (no trailing comma)',
    ColonExpected: 'a colon is missing after the property name',
    CloseBraceExpected: 'a "}" is missing',
    CloseBracketExpected: 'a "]" is missing',
    InvalidCommentToken: 'comments are not allowed in JSON',
    InvalidSymbol: 'unexpected character (use double quotes for strings)',
    EndOfFileExpected: 'extra text after the document',
    UnexpectedEndOfString: 'a string is not closed',
    InvalidUnicode: 'invalid \\u escape (four hex digits expected)',
    InvalidEscapeCharacter: 'invalid escape after a backslash (write \\\\ for a backslash)',
    InvalidCharacter: 'a control character inside a string (write \\n for a line break)',
  };
  const char = text[offset];
  // Typographic quotes pasted from a chat or a word processor are the usual "unexpected character".
  if (code === 'InvalidSymbol' && char && '“”‘’＂'.includes(char))
    return `curly quote ${char} where JSON needs a straight double quote "`;
  if (code === 'InvalidSymbol' && char === "'")
    return 'single quote: JSON strings and names use double quotes "';
  return Object.prototype.hasOwnProperty.call(hints, code) ? (hints[code] ?? code) : code;
}
