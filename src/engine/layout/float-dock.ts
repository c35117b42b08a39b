/**
 * The safe zone of floating widgets (issue 33): a widget that floats (`position: fixed`) docks at
 * the bottom edge of the page's column, FLOAT_DOCK_GAP_PX from its edges (the widget's CSS says
 * the same number), and the page reserves the zone's height below its content, so at the end of
 * the page nothing is under it. The compiler works the height out from the widgets' declared
 * placements (`floatReserve` of the document); the page renders it as empty space.
 */
export const FLOAT_DOCK_GAP_PX = 12;

/** The height the page reserves for docked widgets of these heights (one column, stacked). */
export function floatReserve(dockedHeights: readonly number[]): number {
  if (dockedHeights.length === 0) return 0;
  return dockedHeights.reduce((sum, height) => sum + height + FLOAT_DOCK_GAP_PX, FLOAT_DOCK_GAP_PX);
}
