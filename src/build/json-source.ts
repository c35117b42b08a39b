import {
  findNodeAtLocation,
  parseTree,
  printParseErrorCode,
  type Node,
  type ParseError,
} from 'jsonc-parser';
import type { Diagnostic, JsonPath } from './diagnostic';

/** A campaign file's text with its syntax tree, so any JSON path maps back to a line and column. */
export class JsonSource {
  readonly tree: Node | undefined;
  readonly syntaxErrors: ParseError[] = [];
  private readonly lineStarts: number[] = [0];

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.tree = parseTree(text, this.syntaxErrors, {
      disallowComments: true,
      allowTrailingComma: false,
    });
    for (let i = 0; i < text.length; i += 1)
      if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1 };
  }

  /** True when the exact path exists in this file. */
  has(path: JsonPath): boolean {
    return this.tree !== undefined && findNodeAtLocation(this.tree, path) !== undefined;
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
    // One message per position: the parser often reports a follow-on error at the same spot.
    const firstPerOffset = [...new Map(this.syntaxErrors.map((e) => [e.offset, e])).values()];
    return firstPerOffset.map((error) => ({
      file: this.file,
      ...this.position(error.offset),
      path: '',
      message: `invalid JSON: ${describeSyntaxError(printParseErrorCode(error.error))}`,
      code: 'json',
    }));
  }
}

function describeSyntaxError(code: string): string {
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
  };
  return Object.prototype.hasOwnProperty.call(hints, code) ? (hints[code] ?? code) : code;
}
