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
