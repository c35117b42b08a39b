/**
 * What `npm run new` writes (issue 34): a page family and its own activities, planned in memory
 * before a file is written.
 *
 * The family of a route is its page and every page under its folder (`tongchengMar`,
 * `tongchengMar/phone`, `tongchengMar/detail`). The family of a template is the template plus the
 * sub-pages that pages extending it have, each extending the same template as there
 * (`_templates/tongcheng-season` → `<route>/phone` on `_templates/tongcheng-phone`, `<route>/detail`
 * on `_templates/tongcheng-detail`).
 *
 * Every activity the family names (`activity.code`, any `activityCode`, its templates' included)
 * is copied under a new code, and each copy's prizes get new ids; every code and prize id of the
 * source is then replaced in the new documents: a page that extends a template gets the override
 * that replaces what the template hard-codes. Nothing of the source's activities is left, so the
 * new pages never draw the source's prizes or count down to its dates.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { listCampaignFiles } from '../src/build/campaign-project';
import { deepMerge } from '../src/engine/document/deep-merge';
import { deepEqual, overrideFor, Renamer } from './scaffold-rename';

export type Json = Record<string, unknown>;

export class ScaffoldError extends Error {}

const CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const ID_MAX = 64;
/** A new activity runs from today for this long (operators set the real dates). */
export const DEFAULT_DAYS = 90;
const HEADER = new Set(['$schema', 'version', 'extends']);

export interface ScaffoldRequest {
  projectDir: string;
  route: string;
  from: string;
  title?: string;
  code?: string;
  now: Date;
}

export interface PlannedFile {
  /** Relative to the project folder, with forward slashes. */
  path: string;
  json: Json;
}

export interface ScaffoldPlan {
  pages: PlannedFile[];
  activities: PlannedFile[];
  /** Source activity code → new code. */
  codes: Map<string, string>;
  /** Source activity code → (source prize id → new prize id). */
  prizes: Map<string, Map<string, string>>;
}

/** An activity code from a route: tongchengApr → tongcheng-apr, spring/rules → spring-rules. */
export function codeFromRoute(route: string): string {
  return route
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[/_]+/g, '-')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, ID_MAX);
}

/** Midnight in China (the spec's times are UTC+8) on the day `date` falls in there. */
function chinaDay(date: Date, plusDays = 0): string {
  const china = new Date(date.getTime() + 8 * 3600_000 + plusDays * 86_400_000);
  return china.toISOString().slice(0, 10);
}

const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function readJson(file: string): Json {
  return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')) as Json;
}

const bodyOf = (doc: Json): Json =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !HEADER.has(key)));

/** One page of the family: where it goes (`''` the root, `phone`…) and what it starts from. */
interface Member {
  sub: string;
  own: Json;
  /** The source page's title, and its family root's, to carry a suffix such as `·绑定手机号`. */
  sourceTitle: string | undefined;
  sourceRootTitle: string | undefined;
}

class Project {
  readonly campaignsDir: string;
  readonly activitiesDir: string;
  private readonly files = new Map<string, string>();

  constructor(readonly dir: string) {
    this.campaignsDir = join(dir, 'campaigns');
    this.activitiesDir = join(dir, 'server/activities');
  }

  /** The document file of a route or template, as the router resolves it. */
  fileOf(name: string): string | undefined {
    const bare = name.replace(/^\/+|\/+$/g, '').replace(/\.json$/, '');
    return [
      join(this.campaignsDir, `${bare}.json`),
      join(this.campaignsDir, bare, 'index.json'),
    ].find((candidate) => existsSync(candidate));
  }

  read(file: string): Json {
    const text = this.files.get(file) ?? readFileSync(file, 'utf8');
    this.files.set(file, text);
    return JSON.parse(text.replace(/^\uFEFF/, '')) as Json;
  }

  /** A template with the templates it extends merged in (header keys left out). */
  resolved(name: string, seen: readonly string[] = []): Json {
    const file = this.fileOf(name);
    if (!file) throw new ScaffoldError(`"extends": "${name}": no such template in campaigns/`);
    if (seen.includes(file)) throw new ScaffoldError(`"extends" loops through ${name}`);
    const doc = this.read(file);
    const parent =
      typeof doc.extends === 'string' ? this.resolved(doc.extends, [...seen, file]) : {};
    return deepMerge(parent, bodyOf(doc)) as Json;
  }

  /** Every page with its route and own document. */
  pages(): { route: string; file: string; doc: Json }[] {
    return listCampaignFiles(this.campaignsDir)
      .filter((f): f is typeof f & { route: string } => f.route !== null)
      .map((f) => {
        const file = join(this.campaignsDir, f.relativePath);
        return { route: f.route, file, doc: this.read(file) };
      });
  }

  activities(): Map<string, { file: string; config: Json }> {
    const found = new Map<string, { file: string; config: Json }>();
    for (const name of readdirSync(this.activitiesDir)) {
      if (!name.endsWith('.json')) continue;
      const file = join(this.activitiesDir, name);
      const config = readJson(file);
      if (typeof config.activityCode === 'string') found.set(config.activityCode, { file, config });
    }
    return found;
  }
}

const titleOf = (doc: Json | undefined) => (typeof doc?.title === 'string' ? doc.title : undefined);

/** The source's pages: a route's page and the pages under it, or a template and its sub-pages. */
function familyOf(project: Project, from: string): Member[] {
  const pages = project.pages();
  if (!from.startsWith('_templates/')) {
    const root = `/${from}`;
    const members = pages.filter((p) => p.route === root || p.route.startsWith(`${root}/`));
    const rootPage = members.find((p) => p.route === root);
    if (!rootPage) {
      throw new ScaffoldError(
        `--from ${from}: no such page or template in campaigns/ (campaigns/${from}.json or campaigns/${from}/index.json)`,
      );
    }
    const rootTitle = titleOf(resolvedPage(project, rootPage.doc));
    const order = (route: string) => (route === root ? '' : route);
    members.sort((a, b) => order(a.route).localeCompare(order(b.route)));
    return members.map((p) => ({
      sub: p.route.slice(root.length + 1),
      own: p.doc,
      sourceTitle: titleOf(resolvedPage(project, p.doc)),
      sourceRootTitle: rootTitle,
    }));
  }
  const file = project.fileOf(from);
  if (!file) {
    throw new ScaffoldError(
      `--from ${from}: no such page or template in campaigns/ (campaigns/${from}.json)`,
    );
  }
  const version = project.read(file).version ?? 2;
  const members: Member[] = [
    {
      sub: '',
      own: { version, extends: from },
      sourceTitle: undefined,
      sourceRootTitle: undefined,
    },
  ];
  // The sub-pages seasons of this template have: sub-page → the template it extends there.
  const subs = new Map<
    string,
    { template: string; title: string | undefined; root: string | undefined }
  >();
  const normal = (name: unknown) => (typeof name === 'string' ? name.replace(/\.json$/, '') : '');
  for (const season of pages.filter((p) => normal(p.doc.extends) === from)) {
    for (const page of pages.filter((p) => p.route.startsWith(`${season.route}/`))) {
      const template = normal(page.doc.extends);
      const sub = page.route.slice(season.route.length + 1);
      if (!template.startsWith('_templates/') || subs.has(sub)) continue;
      subs.set(sub, { template, title: titleOf(page.doc), root: titleOf(season.doc) });
    }
  }
  for (const [sub, { template, title, root }] of [...subs].sort(([a], [b]) => a.localeCompare(b))) {
    members.push({
      sub,
      own: { version, extends: template },
      sourceTitle: title,
      sourceRootTitle: root,
    });
  }
  return members;
}

function resolvedPage(project: Project, own: Json): Json {
  const base = typeof own.extends === 'string' ? project.resolved(own.extends) : {};
  return deepMerge(base, bodyOf(own)) as Json;
}

const isBinding = (text: string) => text.includes('{{');

/** Every activity code a document names: `activity.code` and any `activityCode`. */
function codesIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) codesIn(item, found);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === 'activityCode' && typeof item === 'string' && !isBinding(item)) found.add(item);
      else codesIn(item, found);
    }
    const code = isRecord(value.activity) ? value.activity.code : undefined;
    if (typeof code === 'string' && !isBinding(code)) found.add(code);
  }
  return found;
}

/** A new prize id: the new code then the old id's name (`p-hotel` → `tongcheng-apr-hotel`). */
function newPrizeId(code: string, old: string, taken: Set<string>): string {
  const base = `${code}-${old.replace(/^p-/, '')}`.slice(0, ID_MAX);
  let id = base;
  for (let n = 2; taken.has(id); n += 1)
    id = `${base.slice(0, ID_MAX - 1 - String(n).length)}-${n}`;
  taken.add(id);
  return id;
}

/** The sub-page's title for the new family: `三月出行季·绑定手机号` → `四月出行季·绑定手机号`. */
function memberTitle(member: Member, rootTitle: string): string {
  if (member.sub === '') return rootTitle;
  const { sourceTitle, sourceRootTitle } = member;
  if (sourceTitle === undefined) return `${rootTitle}·${member.sub}`;
  if (sourceRootTitle && sourceTitle.startsWith(sourceRootTitle)) {
    return `${rootTitle}${sourceTitle.slice(sourceRootTitle.length)}`;
  }
  const dot = sourceTitle.indexOf('·');
  return dot >= 0 ? `${rootTitle}${sourceTitle.slice(dot)}` : sourceTitle;
}

export function planScaffold(request: ScaffoldRequest): ScaffoldPlan {
  const project = new Project(request.projectDir);
  const { route, from } = request;
  const members = familyOf(project, from);
  const resolved = members.map((member) => resolvedPage(project, member.own));
  const root = resolved[0]!;
  const rootTitle = request.title ?? titleOf(root) ?? route;

  // The codes: the root's own first (it gets the code of the route), then the others in order.
  const found = new Set<string>();
  const rootCode = isRecord(root.activity) ? root.activity.code : undefined;
  if (typeof rootCode === 'string' && !isBinding(rootCode)) found.add(rootCode);
  for (const doc of resolved) codesIn(doc, found);
  const known = project.activities();
  const codes = new Map<string, string>();
  for (const old of found) {
    if (!known.has(old)) {
      throw new ScaffoldError(
        `--from ${from} names activity "${old}", which has no file in server/activities/`,
      );
    }
    const main = request.code ?? codeFromRoute(route);
    const code = codes.size === 0 ? main : `${main}-${old}`.slice(0, ID_MAX).replace(/-+$/, '');
    if (!CODE.test(code)) {
      throw new ScaffoldError(
        `activity code "${code}": lower-case letters, digits and -, at most 64`,
      );
    }
    if (known.has(code) || existsSync(join(project.activitiesDir, `${code}.json`))) {
      throw new ScaffoldError(`activity "${code}" exists already: pass --code with another one`);
    }
    codes.set(old, code);
  }
  const prizes = new Map<string, Map<string, string>>();
  for (const [old, code] of codes) {
    const list = known.get(old)!.config.prizes;
    const taken = new Set<string>();
    const ids = Array.isArray(list)
      ? list.flatMap((p) => (isRecord(p) && typeof p.prizeId === 'string' ? [p.prizeId] : []))
      : [];
    prizes.set(old, new Map(ids.map((id) => [id, newPrizeId(code, id, taken)])));
  }
  const renamer = new Renamer(codes, prizes);

  const pages = members.map((member, i): PlannedFile => {
    const path = member.sub === '' ? `${route}` : `${route}/${member.sub}`;
    const target = join(project.campaignsDir, `${path}.json`);
    if (existsSync(target) || existsSync(join(project.campaignsDir, path, 'index.json'))) {
      throw new ScaffoldError(`campaigns/${path}.json already exists: pick another route`);
    }
    const schemas = `${'../'.repeat(path.split('/').length)}schemas`;
    const source = resolved[i]!;
    const scope = isRecord(source.activity) ? source.activity.code : undefined;
    const titled =
      'title' in source || (member.sub === '' && request.title !== undefined)
        ? { ...source, title: memberTitle(member, rootTitle) }
        : source;
    const renamed = renamer.rename(titled, typeof scope === 'string' ? scope : undefined) as Json;
    const extended = member.own.extends;
    if (typeof extended !== 'string') {
      return {
        path: `campaigns/${path}.json`,
        json: { ...member.own, ...renamed, $schema: `${schemas}/campaign.schema.json` },
      };
    }
    const template = project.resolved(extended);
    const override = (overrideFor(template, renamed) ?? {}) as Json;
    if (!deepEqual(deepMerge(template, override), renamed)) {
      throw new ScaffoldError(
        `campaigns/${path}.json: the changes to ${extended} cannot be written as an override (a block removed from an id list): copy a page instead of the template`,
      );
    }
    const { title, activity, ...rest } = override;
    return {
      path: `campaigns/${path}.json`,
      json: {
        $schema: `${schemas}/campaign-override.schema.json`,
        version: member.own.version ?? 2,
        extends: extended,
        ...(title === undefined ? {} : { title }),
        ...(activity === undefined ? {} : { activity }),
        ...rest,
      },
    };
  });

  const ids = [...known.values()].map(({ config }) => Number(config.id)).filter(Number.isFinite);
  let nextId = Math.max(0, ...ids) + 1;
  const activities = [...codes].map(([old, code], i): PlannedFile => {
    const config = renamer.rename(known.get(old)!.config, old) as Json;
    return {
      path: `server/activities/${code}.json`,
      json: {
        ...config,
        id: nextId++,
        activityCode: code,
        configActivityCode: code,
        ...(i === 0 ? { title: rootTitle } : {}),
        window: {
          start: `${chinaDay(request.now)}T00:00:00+08:00`,
          end: `${chinaDay(request.now, DEFAULT_DAYS)}T23:59:59+08:00`,
        },
      },
    };
  });
  return { pages, activities, codes, prizes };
}
