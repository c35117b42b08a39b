import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeShakeable } from './vite-plugin-shakeable-router';

describe('makeShakeable', () => {
  const source = [
    'var Ctx = React.createContext(null);',
    'Ctx.displayName = "Ctx";',
    'var Link = React10.forwardRef(function Link(props, ref) {});',
    'Link.displayName = "Link";',
    'var Memo = /* @__PURE__ */ React3.memo(Inner);',
    'Boundary.contextType = Ctx;',
    'el.displayName = name;',
  ].join('\n');
  const result = makeShakeable(source, 'chunk.mjs');

  it('marks React factory calls pure, once', () => {
    expect(result.code).toContain('var Ctx = /* @__PURE__ */ React.createContext(null);');
    expect(result.code).toContain('var Link = /* @__PURE__ */ React10.forwardRef(');
    expect(result.code).toContain('var Memo = /* @__PURE__ */ React3.memo(Inner);');
    expect(result.annotated).toBe(2);
  });

  it('drops display-name statements and nothing that changes behaviour', () => {
    expect(result.code).not.toContain('"Ctx"');
    expect(result.code).not.toContain('"Link"');
    expect(result.displayNamesDropped).toBe(2);
    // Behaviour, and assignments of computed names, stay.
    expect(result.code).toContain('Boundary.contextType = Ctx;');
    expect(result.code).toContain('el.displayName = name;');
  });

  it('marks the module-level built-in values pure, and only those', () => {
    const values = [
      'var protoNames = Object.getOwnPropertyNames(Object.prototype).sort().join("\\0");',
      'var methods = new Set(methodList);',
      'var marked = /* @__PURE__ */ new Set([1]);',
      'var other = Object.getOwnPropertyNames(thing).sort().join("\\0");',
      '  let local = new Set();',
    ].join('\n');
    const result = makeShakeable(values, 'chunk.mjs');
    expect(result.code.split('\n')).toEqual([
      'var protoNames = /* @__PURE__ */ Object.getOwnPropertyNames(Object.prototype).sort().join("\\0");',
      'var methods = /* @__PURE__ */ new Set(methodList);',
      'var marked = /* @__PURE__ */ new Set([1]);',
      'var other = Object.getOwnPropertyNames(thing).sort().join("\\0");',
      '  let local = new Set();',
    ]);
    expect(result.annotated).toBe(2);
  });

  it('turns a class context assignment into a static getter, when the context exists first', () => {
    const classSource = [
      'var RouterCtx = React.createContext(false);',
      'var Boundary = class extends React2.Component {',
      '  render() { return null; }',
      '};',
      'Boundary.contextType = RouterCtx;',
      'var Early = class extends React2.Component {',
      '};',
      'Early.contextType = LaterCtx;',
      'var LaterCtx = React.createContext(null);',
    ].join('\n');
    const moved = makeShakeable(classSource, 'chunk.mjs');
    expect(moved.contextTypesMoved).toBe(1);
    expect(moved.code).toContain(
      'var Boundary = class extends React2.Component { static get contextType() { return RouterCtx; }',
    );
    expect(moved.code).not.toContain('Boundary.contextType = RouterCtx;');
    // A context defined after the class stays an assignment: a getter would change what it reads.
    expect(moved.code).toContain('Early.contextType = LaterCtx;');
    // The getter answers what the assignment set.
    const React = { createContext: (value: unknown) => ({ value }) };
    const React2 = { Component: class {} };
    const Boundary = new Function('React', 'React2', `${moved.code}\nreturn Boundary;`)(
      React,
      React2,
    ) as { contextType: { value: unknown } };
    expect(Boundary.contextType).toEqual({ value: false });
  });

  it('keeps lines where they were, for source maps and stack traces', () => {
    expect(result.code.split('\n')).toHaveLength(source.split('\n').length);
    expect(result.map.mappings).not.toBe('');
  });
});

describe('the installed react-router', () => {
  // If an upgrade changes how react-router is published, this fails here rather than the first
  // load quietly growing again (npm run bench shows by how much).
  it('still has the shapes the plugin rewrites', () => {
    const require = createRequire(import.meta.url);
    const distDir = join(dirname(require.resolve('react-router/package.json')), 'dist/development');
    let annotated = 0;
    let displayNamesDropped = 0;
    let contextTypesMoved = 0;
    for (const file of readdirSync(distDir).filter((name) => name.endsWith('.mjs'))) {
      const result = makeShakeable(readFileSync(join(distDir, file), 'utf8'), file);
      annotated += result.annotated;
      displayNamesDropped += result.displayNamesDropped;
      contextTypesMoved += result.contextTypesMoved;
    }
    expect(annotated).toBeGreaterThanOrEqual(3);
    expect(displayNamesDropped).toBeGreaterThanOrEqual(10);
    // RenderErrorBoundary.contextType (docs/perf.md, session 9).
    expect(contextTypesMoved).toBeGreaterThanOrEqual(1);
  });
});
