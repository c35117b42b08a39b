import type { ActivityProject, ActivitySummary } from './activity-project';
import type { JsonPath } from './diagnostic';
import { impossibleDate, ISO_DATE, type SemanticProblem } from './semantic-checks';
import { didYouMean } from './suggest';

/**
 * What a page names of its activity (server/activities/<code>.json), checked against it: the
 * codes, the prize, task, coupon and vote ids, and the dates (inside the activity's window).
 *
 * The ids are found by the names the server's API gives them (`prizeId`, `taskIds`,
 * `prizeNames` keyed by prize id…), wherever they sit: widget props and api action params alike
 * (decision 0014). An `activityCode` in an object applies to everything inside it (a widget's
 * props); elsewhere the page's `activity.code` applies.
 */

type Kind = 'prize' | 'task' | 'taskGroup' | 'coupon' | 'voteOption';

const KINDS: Record<
  Kind,
  { label: string; where: string; ids: (a: ActivitySummary) => Iterable<string> }
> = {
  prize: { label: 'prize', where: 'prizes', ids: (a) => a.prizes.keys() },
  task: { label: 'task', where: 'tasks', ids: (a) => a.tasks },
  taskGroup: { label: 'task group', where: 'taskGroups', ids: (a) => a.taskGroups },
  coupon: { label: 'coupon', where: 'coupons', ids: (a) => a.coupons },
  voteOption: { label: 'vote option', where: 'vote.options', ids: (a) => a.voteOptions },
};

/** Key → what its value names: one id, a list of ids, or an object keyed by ids. */
const REFERENCES = new Map<string, { kind: Kind; form: 'one' | 'many' | 'keys' }>([
  ['prizeId', { kind: 'prize', form: 'one' }],
  ['prizeIds', { kind: 'prize', form: 'many' }],
  ['prizeNames', { kind: 'prize', form: 'keys' }],
  ['taskId', { kind: 'task', form: 'one' }],
  ['taskIds', { kind: 'task', form: 'many' }],
  ['groupId', { kind: 'taskGroup', form: 'one' }],
  ['couponId', { kind: 'coupon', form: 'one' }],
  ['couponIds', { kind: 'coupon', form: 'many' }],
  ['optionId', { kind: 'voteOption', form: 'one' }],
  ['optionIds', { kind: 'voteOption', form: 'many' }],
]);

/** Keys whose subtree names nothing of an activity. */
const SKIPPED = new Set(['$schema', 'activity', 'activityByQuery']);

export interface ActivityReferences {
  problems: SemanticProblem[];
  /** Activity codes the page uses that have a file (their own problems belong in the report). */
  codes: string[];
}

const isBinding = (text: string) => text.includes('{{');

/** Milliseconds of an ISO date as the engine reads it; a time without offset is China time. */
function dateMs(text: string): number {
  const local = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text);
  return Date.parse(local ? `${text}+08:00` : text);
}

type ActivityLookup = Pick<ActivityProject, 'codes' | 'byCode' | 'displayName'>;

export function checkActivityReferences(
  doc: {
    activity?: { code: string } | undefined;
    activityByQuery?: { activities: Record<string, string> } | undefined;
  },
  activities: ActivityLookup,
): ActivityReferences {
  const problems: SemanticProblem[] = [];
  const used = new Set<string>();
  /** The summary of a code, reporting a code without a file; null: none to check against. */
  const entries = new Map<string, ReturnType<ActivityLookup['byCode']>>();
  const resolve = (code: string, path: JsonPath): ActivitySummary | null => {
    if (!entries.has(code)) entries.set(code, activities.byCode(code));
    const entry = entries.get(code);
    if (!entry) {
      problems.push({
        path,
        message: `no activity "${code}": every call of the page would answer "unknown activityCode". An activity is a file server/activities/<code>.json (docs/authoring.md §2)${didYouMean(code, activities.codes)}`,
        code: 'unknown-activity',
      });
      return null;
    }
    used.add(code);
    // An activity with errors is reported on its own file, in the same run.
    return entry.summary ?? null;
  };
  const pageCode = doc.activity?.code;
  const pageActivity = pageCode === undefined ? undefined : resolve(pageCode, ['activity', 'code']);
  // A page bound by its query (issue 32): every code of the mapping must be an activity. Its
  // widgets then take the code of the visitor's id, unknown here: ids they name are not checked.
  const mapped = doc.activityByQuery?.activities ?? {};
  const mappedActivities = Object.entries(mapped).map(([id, code]) =>
    resolve(code, ['activityByQuery', 'activities', id]),
  );

  interface Scope {
    activity: ActivitySummary | null | undefined;
  }
  const checkId = (kind: Kind, id: string, path: JsonPath, scope: Scope) => {
    if (isBinding(id)) return;
    const { label, where, ids } = KINDS[kind];
    if (scope.activity === undefined) {
      problems.push({
        path,
        message: `names the ${label} "${id}" but the page has no activity: add "activity": { "code": "<code>" } (the file server/activities/<code>.json lists its ${where})`,
        code: 'no-activity',
      });
      return;
    }
    if (scope.activity === null) return;
    const known = [...ids(scope.activity)];
    if (known.includes(id)) return;
    problems.push({
      path,
      message: `activity "${scope.activity.code}" has no ${label} "${id}"${didYouMean(id, known) || (known.length > 0 ? `; its ${where}: ${known.join(', ')}` : `; it has no ${where}`)} (${scope.activity.file})`,
      code: `unknown-${kind === 'voteOption' ? 'vote-option' : kind === 'taskGroup' ? 'task-group' : kind}`,
    });
  };
  const checkDate = (text: string, path: JsonPath, scope: Scope) => {
    const activity = scope.activity;
    if (!activity || !ISO_DATE.test(text) || impossibleDate(text)) return;
    const ms = dateMs(text);
    const { start, end, startMs, endMs } = activity.window;
    if (ms >= startMs && ms <= endMs) return;
    const before = ms < startMs;
    problems.push({
      path,
      message: `"${text}" is ${before ? 'before the start' : 'after the end'} of activity "${activity.code}" (window ${start} – ${end}), when it accepts no call: use a date inside the window, or change window.${before ? 'start' : 'end'} in ${activity.file}`,
      code: 'outside-window',
    });
  };
  /** A list of prizes with prizeId is what a draw lands on: every prize the server can award must be on it. */
  const checkBoard = (list: unknown[], path: JsonPath, scope: Scope) => {
    if (!scope.activity || list.length === 0) return;
    const onBoard = new Set<string>();
    for (const item of list) {
      const id = (item as { prizeId?: unknown } | null)?.prizeId;
      if (typeof id !== 'string' || isBinding(id)) return;
      onBoard.add(id);
    }
    const missing = [...scope.activity.prizes].filter(
      ([id, weight]) => weight > 0 && !onBoard.has(id),
    );
    if (missing.length === 0) return;
    problems.push({
      path,
      message: `activity "${scope.activity.code}" can award ${missing.map(([id]) => `"${id}"`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not in this list: a draw that wins ${missing.length === 1 ? 'it' : 'one'} lands on no slot. Add ${missing.length === 1 ? 'it' : 'them'}, or give ${missing.length === 1 ? 'it' : 'them'} weight 0 in ${scope.activity.file}`,
      code: 'prize-not-shown',
      severity: 'warning',
    });
  };

  // One mutable path for the whole walk (copied only into a problem): a 200-page run allocates
  // nothing for the many values that name no activity.
  const path: (string | number)[] = [];
  const walk = (value: unknown, scope: Scope): void => {
    if (typeof value === 'string') {
      // Cheap test first: most strings are not dates.
      const first = value.charCodeAt(0);
      if (value.length >= 10 && first >= 48 && first <= 57) checkDate(value, [...path], scope);
      return;
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        path.push(index);
        walk(value[index], scope);
        path.pop();
      }
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    let here = scope;
    const code = record.activityCode;
    if (typeof code === 'string' && !isBinding(code))
      here = { activity: resolve(code, [...path, 'activityCode']) };
    for (const key of Object.keys(record)) {
      if (path.length === 0 && SKIPPED.has(key)) continue;
      const child = record[key];
      path.push(key);
      const reference = REFERENCES.get(key);
      if (reference?.form === 'one' && typeof child === 'string')
        checkId(reference.kind, child, [...path], here);
      else if (reference?.form === 'many' && Array.isArray(child))
        child.forEach((id, index) => {
          if (typeof id === 'string') checkId(reference.kind, id, [...path, index], here);
        });
      else if (reference?.form === 'keys' && child !== null && typeof child === 'object')
        for (const id of Object.keys(child)) checkId(reference.kind, id, [...path, id], here);
      if (key === 'prizes' && Array.isArray(child)) checkBoard(child, [...path], here);
      walk(child, here);
      path.pop();
    }
  };
  walk(doc, { activity: mappedActivities.length > 0 ? null : pageActivity });
  return { problems, codes: [...used] };
}
