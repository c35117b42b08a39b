import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEAST_REWRITES, makeShakeable, rewriteShortfall } from './vite-plugin-shakeable-router';

const ZERO = { annotated: 0, displayNamesDropped: 0, contextTypesMoved: 0 };

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
    const rewritten = { ...ZERO };
    for (const file of readdirSync(distDir).filter((name) => name.endsWith('.mjs'))) {
      const result = makeShakeable(readFileSync(join(distDir, file), 'utf8'), file);
      rewritten.annotated += result.annotated;
      rewritten.displayNamesDropped += result.displayNamesDropped;
      rewritten.contextTypesMoved += result.contextTypesMoved;
    }
    // RenderErrorBoundary.contextType is the one context type (docs/perf.md, session 9).
    expect(rewriteShortfall([join(distDir, 'index.mjs')], rewritten)).toBeNull();
  });
});

describe('the build stops when the rewrite no longer applies (decision 0010)', () => {
  const router = '/app/node_modules/react-router/dist/production/chunk-X.mjs';
  it('passes a build that bundles no react-router, or rewrites enough of it', () => {
    expect(rewriteShortfall(['/app/src/main.tsx'], ZERO)).toBeNull();
    expect(rewriteShortfall([router], LEAST_REWRITES)).toBeNull();
  });

  it('fails one whose react-router shapes are too few', () => {
    expect(rewriteShortfall([router], { ...LEAST_REWRITES, displayNamesDropped: 2 })).toMatch(
      /displayNamesDropped 2 \(at least 10\)/,
    );
  });

  it('fails one that bundles react-router from files the plugin does not match', () => {
    expect(
      rewriteShortfall(['/app/node_modules/react-router/dist/production/index.js'], ZERO),
    ).toMatch(/does not match/);
  });
});
