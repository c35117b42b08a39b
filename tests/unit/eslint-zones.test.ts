/**
 * Issue 31 ("Boundaries enforced"): the lint rejects an import across the layers of
 * docs/architecture.md and lets the allowed ones through. Each case lints one line of source as if
 * it were a file at `file` (the file need not exist) with the repository's own eslint.config.js.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

interface Case {
  file: string;
  code: string;
  /** The zone named in the error, or null when the import is allowed. */
  zone: string | null;
}

const cases: Case[] = [
  // Rejected: a layer importing one to its left, or what it must not know.
  {
    file: 'src/services/api/x.ts',
    code: "import '../../../widgets/button/meta';",
    zone: 'src/services',
  },
  {
    file: 'src/services/deep-link/x.ts',
    code: "import '../../engine/render/node-view';",
    zone: 'src/services',
  },
  { file: 'src/services/x.ts', code: "import { a } from '../ui/toast';", zone: 'src/services' },
  { file: 'src/ui/x.ts', code: "import '../engine/page/campaign-page';", zone: 'src/ui' },
  { file: 'src/engine/render/x.ts', code: "import '../../../widgets/client';", zone: 'src/engine' },
  { file: 'src/engine/render/x.ts', code: "import '../../app/app';", zone: 'src/engine' },
  {
    file: 'src/engine/render/x.ts',
    code: "void import('../../../widgets/button/button');",
    zone: 'src/engine',
  },
  { file: 'src/engine/x.ts', code: "export * from '../build/route-list';", zone: 'src/engine' },
  {
    file: 'src/engine/x.ts',
    code: "import '../../tests/support/fake-services';",
    zone: 'src/engine',
  },
  { file: 'src/app/x.ts', code: "import '../build/compile-campaign';", zone: 'src/app' },
  { file: 'src/spec/x.ts', code: "import '../services/types';", zone: 'src/spec' },
  { file: 'src/contracts/x.ts', code: "import '../engine/document/types';", zone: 'src/contracts' },
  {
    file: 'src/build/x.ts',
    code: "import '../../server/src/config/load-activities';",
    zone: 'src/build',
  },
  { file: 'widgets/button/x.tsx', code: "import '../../src/app/app';", zone: 'widgets' },
  {
    file: 'widgets/button/x.tsx',
    code: "import '../../src/build/route-preloads';",
    zone: 'widgets',
  },
  { file: 'widgets/button/x.tsx', code: "import '../coupon-list/coupon-list';", zone: 'widgets' },
  { file: 'widgets/button/x.tsx', code: "import '../client';", zone: 'widgets' },
  {
    file: 'server/src/static/x.ts',
    code: "import '../../../src/engine/render/node-view';",
    zone: 'server',
  },
  { file: 'server/src/x.ts', code: "import '../../src/ui/toast';", zone: 'server' },
  {
    file: 'server/src/routes/x.ts',
    code: "import '../../../widgets/button/button';",
    zone: 'server',
  },
  { file: 'server/test/x.ts', code: "import '../../src/app/app';", zone: 'server' },
  // The server's former exceptions: what it shares with the app now lives in src/contracts.
  {
    file: 'server/src/static/x.ts',
    code: "import '../../../src/engine/routes/fetched-documents';",
    zone: 'server',
  },
  {
    file: 'server/src/static/x.ts',
    code: "import '../../../src/services/share/wechat-sdk-browser';",
    zone: 'server',
  },
  {
    file: 'server/src/static/x.ts',
    code: "import '../../../src/build/app-loader';",
    zone: 'server',
  },
  {
    file: 'src/contracts/site/x.ts',
    code: "import '../../engine/document/types';",
    zone: 'src/contracts',
  },
  // Allowed: to the right, shared folders, composition roots, tests.
  { file: 'src/engine/render/x.ts', code: "import '../../services/types';", zone: null },
  { file: 'src/engine/render/x.ts', code: "import '../../ui/toast';", zone: null },
  { file: 'src/services/x.ts', code: "import '../spec/constants';", zone: null },
  { file: 'src/app/x.ts', code: "import '../../widgets/client';", zone: null },
  { file: 'src/build/x.ts', code: "import '../../widgets/index';", zone: null },
  { file: 'widgets/button/x.tsx', code: "import '../_campaign-kit/states';", zone: null },
  {
    file: 'widgets/button/x.tsx',
    code: "import '../../src/engine/registry/widget-component';",
    zone: null,
  },
  { file: 'widgets/button/x.tsx', code: "import './meta';", zone: null },
  { file: 'server/src/x.ts', code: "import '../../src/spec/constants';", zone: null },
  { file: 'server/src/x.ts', code: "import '../../src/contracts/activity-config';", zone: null },
  {
    file: 'server/src/static/x.ts',
    code: "import '../../../src/contracts/site/route-table';",
    zone: null,
  },
  {
    file: 'server/src/static/x.ts',
    code: "import '../../../src/contracts/conditions/evaluate';",
    zone: null,
  },
  { file: 'src/engine/render/x.ts', code: "import '../../contracts/env/detect';", zone: null },
  // server/test reaches server/src/app.ts, not src/app, by '../src/app'.
  { file: 'server/test/x.ts', code: "import '../src/app';", zone: null },
  { file: 'src/engine/render/x.test.tsx', code: "import '../../../widgets/client';", zone: null },
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('import zones (docs/architecture.md, eslint-zones.js)', () => {
  it.each(cases)('$file: $code → $zone', async ({ file, code, zone }) => {
    const errors = await zoneErrors(file, code);
    if (zone === null) {
      expect(errors).toEqual([]);
    } else {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`Import across a zone (${zone}).`);
    }
  });

  it('tells the developer what to do', async () => {
    const [error] = await zoneErrors('src/services/x.ts', "import '../engine/page/state';");
    expect(error).toMatch(/Move the code you need down into src\/services/);
  });
});

describe('the one loose place for answers (issue 31, docs/services.md)', () => {
  const refused = [
    ['widgets/coupon-list/coupons.ts', "import { num, str } from '../_campaign-kit/loose/read';"],
    ['widgets/lucky-draw/x.tsx', "import { isRecord } from '../_campaign-kit/loose/read';"],
    ['widgets/_campaign-kit/x.ts', "import { pick } from './loose/read';"],
    ['widgets/data-list/y.ts', "import { listOf } from '../_campaign-kit/loose/read-lists';"],
    ['widgets/lead-form/x.tsx', "void import('../_campaign-kit/loose/read');"],
  ] as const;
  it.each(refused)('%s: %s is refused', async (file, code) => {
    const errors = await zoneErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/raw readers are private to widgets\/_campaign-kit\/loose/);
  });

  const allowed = [
    // The named readers, from any widget; the raw ones inside the loose folder.
    ['widgets/coupon-list/x.tsx', "import { couponsOf } from '../_campaign-kit/loose/lenient';"],
    ['widgets/_campaign-kit/loose/configured.ts', "import { num } from './read';"],
    ['widgets/_campaign-kit/loose/read.test.ts', "import { num } from './read';"],
    ['widgets/data-list/x.test.tsx', "import { at } from '../_campaign-kit/loose/read';"],
  ] as const;
  it.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await zoneErrors(file, code)).toEqual([]);
  });
});

describe('browser globals the engine reaches only through services', () => {
  it.each(['navigator.userAgent', 'document.title'])('rejects %s in src/engine', async (code) => {
    const [result] = await eslint.lintText(`export const x = ${code};\n`, {
      filePath: 'src/engine/page/x.ts',
    });
    const rules = (result?.messages ?? []).map((m) => m.ruleId);
    expect(rules).toEqual(['no-restricted-globals']);
  });

  // The shared code of src/contracts runs on the server too.
  it.each(['navigator.userAgent', 'document.title', 'fetch'])(
    'rejects %s in src/contracts',
    async (code) => {
      const [result] = await eslint.lintText(`export const x = ${code};\n`, {
        filePath: 'src/contracts/env/x.ts',
      });
      const rules = (result?.messages ?? []).map((m) => m.ruleId);
      expect(rules).toEqual(['no-restricted-globals']);
    },
  );
});

describe('the API contracts (zod) stay out of the browser; their shared sub-folders do not', () => {
  async function restricted(code: string): Promise<number> {
    const [result] = await eslint.lintText(`${code}\n`, { filePath: 'src/engine/page/x.ts' });
    return (result?.messages ?? []).filter(
      (m) => m.ruleId === '@typescript-eslint/no-restricted-imports',
    ).length;
  }

  it.each([
    ["import { opsContracts } from '../../contracts/ops';", 1],
    ["import { contracts } from '../../contracts';", 1],
    ["import type { ApiName } from '../../contracts';", 0],
    ["import { routeOfPathname } from '../../contracts/site/route-table';", 0],
    ["import { conditionSchema } from '../../contracts/conditions/condition-schema';", 1],
  ] as const)('%s → %i error(s)', async (code, errors) => {
    expect(await restricted(`${code}\nexport {};`)).toBe(errors);
  });
});
