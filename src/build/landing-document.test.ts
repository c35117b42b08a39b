import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../../widgets/index';
import { createDocumentSchema } from '../engine/document/document-schema';

describe('a document with `landing`', () => {
  const schema = createDocumentSchema(widgetDefinitions);
  it('is a page of its own with no body', () => {
    expect(schema.safeParse({ version: 2, title: '打开App', landing: 'dlink' }).success).toBe(true);
  });
  it('is refused with a body, a redirect, or an unknown landing page', () => {
    for (const extra of [{ body: [] }, { redirect: { to: '/' } }, { dialogs: [] }]) {
      expect(schema.safeParse({ version: 2, title: 'x', landing: 'dlink', ...extra }).success).toBe(
        false,
      );
    }
    expect(
      schema.safeParse({ version: 2, title: 'x', landing: 'https://evil.example' }).success,
    ).toBe(false);
  });
});
