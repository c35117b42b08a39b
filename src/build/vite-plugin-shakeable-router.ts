import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * react-router's published ESM keeps code the app never uses: its module top level calls
 * `React.forwardRef(...)` / `React.memo(...)` / `React.createContext(...)` without a
 * `@__PURE__` annotation and assigns `X.displayName = "..."`, and a bundler must keep both as
 * possible side effects. So `Link`, `NavLink`, `Form`, the data router's route tree and what
 * they call (prefetching, form submission, route matching) ship on every page, used or not:
 * about 4 KiB gzip of the first load (docs/perf.md). Marking those calls pure (React documents
 * them as such) and dropping the display names (read only by React DevTools) lets the bundler
 * drop whatever nothing imports. Nothing that is used changes.
 */
const UNANNOTATED_REACT_FACTORY =
  /(?<!@__PURE__ \*\/ )\bReact\d*\.(?:forwardRef|memo|createContext)\(/g;
/**
 * Module-level values only the router's unused parts read: the `Object.prototype` names a
 * plain-object check compares with, and the method sets of the data router's form handling. Both
 * are pure (built-ins, no getters involved), so an unused one can go.
 */
const UNANNOTATED_PURE_VALUE =
  /^var [\w$]+ = (?=Object\.getOwnPropertyNames\(Object\.prototype\)\.sort\(\)\.join\("\\0"\);$|new Set\()/gm;
const DISPLAY_NAME_STATEMENT = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/**
 * `Boundary.contextType = Ctx;` after `var Boundary = class extends ... {`: a statement the
 * bundler must keep, so the class (RenderErrorBoundary, with the redirect and error-digest code
 * it calls) ships although nothing renders it. As a static getter of the class React reads the
 * same context, and an unused class can go (a static field would not do: the build target
 * lowers it to a helper call, which the bundler keeps too).
 */
const CONTEXT_TYPE_STATEMENT = /^([\w$]+)\.contextType = ([\w$]+);$/gm;

export interface ShakeableResult {
  code: string;
  map: ReturnType<MagicString['generateMap']>;
  annotated: number;
  displayNamesDropped: number;
  contextTypesMoved: number;
}

export function makeShakeable(code: string, id: string): ShakeableResult {
  const edited = new MagicString(code);
  let annotated = 0;
  let displayNamesDropped = 0;
  for (const match of code.matchAll(UNANNOTATED_REACT_FACTORY)) {
    edited.appendLeft(match.index, '/* @__PURE__ */ ');
    annotated += 1;
  }
  for (const match of code.matchAll(UNANNOTATED_PURE_VALUE)) {
    edited.appendLeft(match.index + match[0].length, '/* @__PURE__ */ ');
    annotated += 1;
  }
  for (const match of code.matchAll(DISPLAY_NAME_STATEMENT)) {
    edited.remove(match.index, match.index + match[0].length);
    displayNamesDropped += 1;
  }
  let contextTypesMoved = 0;
  for (const match of code.matchAll(CONTEXT_TYPE_STATEMENT)) {
    const [statement, className = '', context = ''] = match;
    const header = new RegExp(
      `^var ${escapeRegExp(className)} = class extends [\\w$.]+ \\{$`,
      'm',
    ).exec(code);
    const defined = new RegExp(`^var ${escapeRegExp(context)} = `, 'm').exec(code);
    // Where the class is defined the context must exist, as it did for the assignment.
    if (!header || !defined || defined.index > header.index || header.index > match.index) continue;
    edited.appendLeft(
      header.index + header[0].length,
      ` static get contextType() { return ${context}; }`,
    );
    edited.remove(match.index, match.index + statement.length);
    contextTypesMoved += 1;
  }
  return {
    code: edited.toString(),
    map: edited.generateMap({ source: id, hires: true }),
    annotated,
    displayNamesDropped,
    contextTypesMoved,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[$]/g, '\\$&');
}

/**
 * The least the rewrite must find in react-router's published files (7.18.5 has 21 factory calls
 * and built-in values, 15 display names, 1 context type; a little room for a minor release).
 * Fewer means an upgrade changed how they are published and the rewrite no longer frees what it
 * did, about 9 KiB gzip more on every route (decision 0010): the build stops rather than ship
 * that quietly.
 */
export const LEAST_REWRITES = { annotated: 15, displayNamesDropped: 10, contextTypesMoved: 1 };

/** react-router's own published module files (what the rewrite applies to). */
const ROUTER_FILE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/;
/** Any file of the react-router package, to see whether the build reached it some other way. */
const ROUTER_PACKAGE_FILE = /[\\/]node_modules[\\/]react-router[\\/]/;

type Rewrites = Pick<ShakeableResult, 'annotated' | 'displayNamesDropped' | 'contextTypesMoved'>;

/**
 * Why a build that bundled react-router (`bundled`: its files in the module graph) did not rewrite
 * it as it should, or null. `rewritten`: what the transform did over the files it matched.
 */
export function rewriteShortfall(bundled: readonly string[], rewritten: Rewrites): string | null {
  const files = bundled.filter((id) => ROUTER_PACKAGE_FILE.test(id));
  if (files.length === 0) return null;
  if (!files.some((id) => ROUTER_FILE.test(id))) {
    return `react-router is bundled from ${files.join(', ')}, which the shakeable-router plugin does not match`;
  }
  const short = (Object.keys(LEAST_REWRITES) as (keyof Rewrites)[]).filter(
    (key) => rewritten[key] < LEAST_REWRITES[key],
  );
  if (short.length === 0) return null;
  return `the shakeable-router plugin found too few of react-router's shapes: ${short
    .map((key) => `${key} ${rewritten[key]} (at least ${LEAST_REWRITES[key]})`)
    .join(', ')}`;
}

/**
 * Applies {@link makeShakeable} to react-router's own files, in production builds only, and fails
 * the build when they no longer have the shapes it rewrites (decision 0010).
 */
export function shakeableRouterPlugin(): Plugin {
  let rewritten: Rewrites = { annotated: 0, displayNamesDropped: 0, contextTypesMoved: 0 };
  return {
    name: 'shakeable-react-router',
    apply: 'build',
    buildStart() {
      rewritten = { annotated: 0, displayNamesDropped: 0, contextTypesMoved: 0 };
    },
    transform: {
      filter: { id: ROUTER_FILE },
      handler(code, id) {
        const result = makeShakeable(code, id);
        rewritten.annotated += result.annotated;
        rewritten.displayNamesDropped += result.displayNamesDropped;
        rewritten.contextTypesMoved += result.contextTypesMoved;
        return { code: result.code, map: result.map };
      },
    },
    buildEnd(error) {
      if (error) return;
      const shortfall = rewriteShortfall([...this.getModuleIds()], rewritten);
      if (shortfall) {
        this.error(`${shortfall}; see docs/decisions/0010-shakeable-react-router.md`);
      }
    },
  };
}
