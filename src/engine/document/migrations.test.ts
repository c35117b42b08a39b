import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_DOCUMENT_VERSION,
  migrateDocument,
  MigrationError,
  migrationList,
} from './migrations';

const fixtures = join(process.cwd(), 'tests/fixtures/documents');

describe('document migrations', () => {
  it('are append-only: one per old version, in order', () => {
    expect(migrationList.map((m) => m.from)).toEqual(
      Array.from({ length: CURRENT_DOCUMENT_VERSION - 1 }, (_, i) => i + 1),
    );
  });

  it('has a fixture for every old version, and each migrates to the current one', () => {
    const files = readdirSync(fixtures).filter((file) => /^v\d+-/.test(file));
    const versions = new Set(files.map((file) => Number(/^v(\d+)-/.exec(file)?.[1])));
    for (let version = 1; version < CURRENT_DOCUMENT_VERSION; version += 1)
      expect(versions.has(version)).toBe(true);
    for (const file of files) {
      const migrated = migrateDocument(
        JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as Record<string, unknown>,
      );
      expect(migrated.version).toBe(CURRENT_DOCUMENT_VERSION);
    }
  });

  it('v1 -> v2 renames the route share info and the design width', () => {
    const migrated = migrateDocument({
      version: 1,
      title: 't',
      share: { isShare: 1, title: 's', desc: 'd' },
      layout: { designWidth: 375 },
    });
    expect(migrated.share).toEqual({ enabled: true, title: 's', description: 'd' });
    expect(migrated.layout).toEqual({ baseWidth: 375 });
  });

  it('refuses a missing, invalid or future version with a message that says what to do', () => {
    expect(() => migrateDocument({})).toThrow(MigrationError);
    expect(() => migrateDocument({ version: '2' })).toThrow(/whole number/);
    expect(() => migrateDocument({ version: 99 })).toThrow(/newer than this engine/);
  });
});
