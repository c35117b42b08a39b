import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { defaultCampaignsDir } from './campaign-context';
import { listCampaignFiles } from './campaign-project';
import { projectGeneratedFiles } from './project-artifacts';

const root = resolve(defaultCampaignsDir, '..');
const files = projectGeneratedFiles();

function validatorFor(schemaFile: string) {
  const ajv = new Ajv2020({ allErrors: false, strict: false, discriminator: true });
  return ajv.compile(JSON.parse(files.get(schemaFile) ?? '{}') as object);
}

describe('generated JSON Schema (what editors and ajv use)', () => {
  it('is committed up to date (npm run generate)', () => {
    for (const [path, content] of files)
      expect(readFileSync(join(root, path), 'utf8'), path).toBe(content);
  });

  it('accepts every campaign document through the schema its $schema names', () => {
    const full = validatorFor('schemas/campaign.schema.json');
    const override = validatorFor('schemas/campaign-override.schema.json');
    for (const file of listCampaignFiles(defaultCampaignsDir)) {
      const path = join(defaultCampaignsDir, file.relativePath);
      const doc = JSON.parse(readFileSync(path, 'utf8')) as { $schema?: string };
      const named = resolve(dirname(path), doc.$schema ?? '');
      const validate = named.endsWith('campaign-override.schema.json') ? override : full;
      expect(named.startsWith(join(root, 'schemas'))).toBe(true);
      expect(validate(doc), `${file.relativePath}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('reports the one real error of a node through the discriminator', () => {
    const validate = validatorFor('schemas/campaign.schema.json');
    const ok = validate({
      version: 2,
      title: 't',
      body: [{ type: 'button', props: { label: 'x', colr: 'red' } }],
    });
    expect(ok).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({
      keyword: 'additionalProperties',
      params: { additionalProperty: 'colr' },
    });
  });
});
