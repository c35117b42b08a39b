import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFromRoute } from './new-page';

/** A copy of the project's pages and activities to scaffold into. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'new-page-'));
  cpSync('campaigns', join(dir, 'campaigns'), { recursive: true });
  cpSync('server/activities', join(dir, 'server/activities'), { recursive: true });
  return dir;
}

function scaffold(dir: string, ...args: string[]) {
  return spawnSync('npx', ['tsx', 'scripts/new-page.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, CAMPAIGN_PROJECT_DIR: dir },
  });
}

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, never>;

describe('npm run new (issue 11)', () => {
  it('from a template: a page of a few lines and its own activity, valid at once', () => {
    const dir = project();
    const result = scaffold(
      dir,
      'tongchengApr',
      '--from',
      '_templates/tongcheng',
      '--title',
      '四月出行季',
    );
    expect(result.status, result.stderr).toBe(0);
    expect(json(join(dir, 'campaigns/tongchengApr.json'))).toEqual({
      $schema: '../schemas/campaign-override.schema.json',
      version: 2,
      extends: '_templates/tongcheng',
      title: '四月出行季',
      activity: { code: 'tongcheng-apr' },
    });
    const activity = json(join(dir, 'server/activities/tongcheng-apr.json'));
    const template = json('server/activities/tongcheng-template.json');
    expect(activity).toMatchObject({ activityCode: 'tongcheng-apr', title: '四月出行季' });
    expect(activity.prizes).toEqual(template.prizes);
    expect(activity.id).not.toBe(template.id);
  });

  it('from a route, into a subfolder: a copy with a $schema path of the right depth', () => {
    const dir = project();
    const result = scaffold(dir, 'spring/draw', '--from', 'luckDraw');
    expect(result.status, result.stderr).toBe(0);
    const doc = json(join(dir, 'campaigns/spring/draw.json'));
    expect(doc.$schema).toBe('../../schemas/campaign.schema.json');
    expect(doc.activity).toEqual({ code: 'spring-draw' });
    expect(existsSync(join(dir, 'server/activities/spring-draw.json'))).toBe(true);
  });

  it('refuses to overwrite, an unknown source, a bad route and bad options (exit 2)', () => {
    const dir = project();
    expect(scaffold(dir, 'luckDraw', '--from', 'invite').stderr).toMatch(/already exists/);
    expect(scaffold(dir, 'x', '--from', 'nope').stderr).toMatch(/no such page or template/);
    expect(scaffold(dir, '../evil', '--from', 'luckDraw').status).toBe(2);
    expect(scaffold(dir, 'x', '--form', 'luckDraw').status).toBe(2);
    expect(scaffold(dir, 'x').status).toBe(2);
  });

  it('makes activity codes from routes', () => {
    expect(codeFromRoute('tongchengApr')).toBe('tongcheng-apr');
    expect(codeFromRoute('spring/draw_2')).toBe('spring-draw-2');
  });

  it('prints its usage for --help', () => {
    expect(
      execFileSync('npx', ['tsx', 'scripts/new-page.ts', '--help'], { encoding: 'utf8' }),
    ).toMatch(/usage: npm run new/);
  });
});
