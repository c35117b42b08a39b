import type { CampaignDocument } from '../document/types';

/** spec §7: the single-activity config call a page bound to an activity makes on arrival. */
export const ACTIVITY_INFO_CALL = 'configActivity.getSingleConfigActivity4c';

/** The params of the page's activity-info call, or null for a page bound to no activity. */
export function activityInfoParams(doc: CampaignDocument): Record<string, unknown> | null {
  if (!doc.activity) return null;
  return {
    activityCode: doc.activity.code,
    ...(doc.activity.configId ? { configId: doc.activity.configId } : {}),
  };
}

/**
 * spec §3: the activity's activityConfig and contentHtml arrive as JSON strings. They are parsed
 * once here; a malformed string yields an empty object, never an exception in a widget.
 */
export function parseJsonField(value: unknown): Record<string, unknown> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>;
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : { list: parsed };
  } catch {
    return {};
  }
}

export function normalizeActivity(result: unknown): Record<string, unknown> | null {
  if (result === null || typeof result !== 'object') return null;
  const activity = result as Record<string, unknown>;
  return {
    ...activity,
    activityConfig: parseJsonField(activity.activityConfig),
    contentHtml: parseJsonField(activity.contentHtml),
  };
}
