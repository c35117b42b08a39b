/**
 * The render-cost bench's content (issue 10, point 4): 500 widgets, a rich-text block and a
 * button in turn (250 of each). The engine page gets it as a campaign document (`manyWidgetsDocument`,
 * compiled like any other); the hand-written page renders the same list with its own components.
 * One source, so the two pages differ in how they render, never in what.
 */
export const WIDGET_PAIRS = 250;

export interface TextBlock {
  id: string;
  title: string;
  paragraph: string;
}
export interface ButtonBlock {
  id: string;
  label: string;
}

export const blocks: { text: TextBlock; button: ButtonBlock }[] = Array.from(
  { length: WIDGET_PAIRS },
  (_, index) => {
    const n = index + 1;
    return {
      text: {
        id: `text-${n}`,
        title: `活动说明 ${n}`,
        paragraph: `第 ${n} 条：活动期间完成任务即可获得奖励，奖品数量有限，先到先得。`,
      },
      button: { id: `button-${n}`, label: `领取奖励 ${n}` },
    };
  },
);

/** The label of the last widget: its arrival in the DOM means the whole page is there. */
export const LAST_LABEL = `领取奖励 ${WIDGET_PAIRS}`;

/** The same content as a campaign document (a toast on each button's click). */
export function manyWidgetsDocument(): object {
  return {
    version: 2,
    title: '500 个模块',
    body: blocks.flatMap(({ text, button }) => [
      { type: 'rich-text', id: text.id, props: { title: text.title, content: [text.paragraph] } },
      {
        type: 'button',
        id: button.id,
        props: { label: button.label },
        on: { click: [{ type: 'toast', text: `已领取 ${button.label}` }] },
      },
    ]),
  };
}
