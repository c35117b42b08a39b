/** The tab open on arrival: `defaultIndex`, or the last tab when it points past the end. */
export function initialTab(props: { tabs: readonly unknown[]; defaultIndex: number }): number {
  return Math.min(props.defaultIndex, props.tabs.length - 1);
}
