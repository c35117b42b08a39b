/**
 * Document format migrations: append-only. Each entry upgrades from `from` to `from + 1`; never
 * edit or remove one, because documents written against an old version must keep loading. A
 * fixture of every old version is tested in migrations.test.ts.
 */

export type RawDocument = Record<string, unknown>;

interface Migration {
  from: number;
  description: string;
  up: (doc: RawDocument) => RawDocument;
}

const migrations: readonly Migration[] = [
  {
    from: 1,
    description:
      'v1 used the spec §3 route share names (isShare, title, desc) and layout.designWidth; v2 uses share.enabled/description and layout.baseWidth.',
    up: (doc) => {
      const next: RawDocument = { ...doc, version: 2 };
      const share = doc.share;
      if (isRecord(share)) {
        const { isShare, desc, ...rest } = share;
        next.share = {
          ...rest,
          ...(isShare !== undefined ? { enabled: isShare === true || isShare === 1 } : {}),
          ...(desc !== undefined ? { description: desc } : {}),
        };
      }
      const layout = doc.layout;
      if (isRecord(layout) && 'designWidth' in layout) {
        const { designWidth, ...rest } = layout;
        next.layout = { ...rest, baseWidth: designWidth };
      }
      return next;
    },
  },
];

export const CURRENT_DOCUMENT_VERSION = 2;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** Runs every migration from the document's version up to the current one. */
export function migrateDocument(doc: RawDocument): RawDocument {
  const version = doc.version;
  if (version === undefined) {
    throw new MigrationError(`"version" is missing: add "version": ${CURRENT_DOCUMENT_VERSION}`);
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new MigrationError(
      `"version" must be a whole number from 1 to ${CURRENT_DOCUMENT_VERSION}`,
    );
  }
  if (version > CURRENT_DOCUMENT_VERSION) {
    throw new MigrationError(
      `"version" ${version} is newer than this engine (${CURRENT_DOCUMENT_VERSION}): update the engine`,
    );
  }
  let current = doc;
  for (const migration of migrations) {
    if ((current.version as number) === migration.from) current = migration.up(current);
  }
  return current;
}

export const migrationList = migrations;
