import { describe, expect, it } from 'vitest';
import { bindProps, bindPropsShared, interpolate } from './interpolate';
import { resolvePath } from '../../contracts/conditions/resolve-path';

const scope = { user: { nickName: '小米', count: 3, tags: ['a'] }, state: { empty: '' } };

describe('bindings', () => {
  it('replaces {{path}} with text and keeps the rest', () => {
    expect(interpolate('你好，{{user.nickName}}！', scope)).toBe('你好，小米！');
    expect(interpolate('{{ user.count }} 次', scope)).toBe('3 次');
  });

  it('uses the fallback after | when the value is missing or empty', () => {
    expect(interpolate('{{user.missing|朋友}}', scope)).toBe('朋友');
    expect(interpolate('{{state.empty|无}}', scope)).toBe('无');
    expect(interpolate('{{user.missing}}', scope)).toBe('');
  });

  it('never reaches the prototype chain or runs code', () => {
    expect(resolvePath(scope, '__proto__')).toBeUndefined();
    expect(resolvePath(scope, 'user.constructor')).toBeUndefined();
    expect(resolvePath(scope, 'user.toString')).toBeUndefined();
    expect(interpolate('{{user.constructor.constructor}}', scope)).toBe('');
    expect(interpolate('{{alert(1)}}', scope)).toBe('{{alert(1)}}');
    expect(interpolate('{{user.tags}}', scope)).toBe('');
  });

  it('keeps the type of a whole-string binding in props', () => {
    expect(bindProps({ list: '{{user.tags}}', label: 'x{{user.count}}' }, scope)).toEqual({
      list: ['a'],
      label: 'x3',
    });
  });

  it('keeps a "__proto__" key as data when binding props', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": true}, "a": "{{user.count}}"}',
    ) as object;
    const bound = bindProps(hostile, scope) as Record<string, unknown>;
    expect(Object.getPrototypeOf(bound)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(bound.a).toBe(3);
  });

  it('shares what holds no binding and copies only the way to a binding (renderer)', () => {
    const plain = { title: '规则', content: ['a', { list: ['b'] }] };
    expect(bindPropsShared(plain, scope)).toBe(plain);
    expect(bindPropsShared(plain, { other: 1 })).toBe(plain);
    const mixed = { label: '{{user.nickName}}', image: { src: '/a.png', width: 1 } };
    const bound = bindPropsShared(mixed, scope);
    expect(bound).toEqual({ label: '小米', image: { src: '/a.png', width: 1 } });
    expect(bound).not.toBe(mixed);
    expect(bound.image).toBe(mixed.image);
    expect(mixed.label).toBe('{{user.nickName}}');
    expect(bindPropsShared(mixed, { user: { nickName: '大米' } }).label).toBe('大米');
  });

  it('keeps a "__proto__" key as data in the renderer\'s binding too', () => {
    const hostile = JSON.parse(
      '{"__proto__": {"polluted": "{{user.count}}"}, "a": "{{user.count}}"}',
    ) as object;
    const bound = bindPropsShared(hostile, scope) as Record<string, unknown>;
    expect(Object.getPrototypeOf(bound)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(bound.a).toBe(3);
  });
});
