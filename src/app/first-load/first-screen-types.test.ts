import { describe, expect, it } from 'vitest';
import { firstScreenTypes } from './first-screen-types';

/** A section of `type` whose box (and its widget's box, when given) is laid out as said. */
function section(
  type: string,
  box: { top: number; height: number },
  widgetBox?: { top: number; height: number },
): HTMLElement {
  const element = document.createElement('section');
  element.dataset.nodeId = type;
  element.dataset.widget = type;
  const rect = ({ top, height }: { top: number; height: number }) =>
    ({ top, bottom: top + height, width: height > 0 ? 360 : 0, height }) as DOMRect;
  element.getBoundingClientRect = () => rect(box);
  if (widgetBox) {
    const widget = document.createElement('div');
    widget.getBoundingClientRect = () => rect(widgetBox);
    element.append(widget);
  }
  return element;
}

describe('firstScreenTypes (decision 0026)', () => {
  const viewport = 640;

  it('counts the nodes within the viewport and a quarter screen below it', () => {
    const root = document.createElement('div');
    root.append(
      section('banner', { top: 0, height: 300 }),
      section('countdown', { top: 790, height: 56 }),
      section('rules', { top: 820, height: 400 }, { top: 820, height: 400 }),
    );
    expect([...firstScreenTypes(root, viewport)]).toEqual(['banner', 'countdown']);
  });

  it('counts a floating widget painted on the first screen though its section sits below', () => {
    // /'s share button at 360 px: a fixed box at top 360, its empty section at 810.
    const root = document.createElement('div');
    root.append(
      section('banner', { top: 0, height: 300 }),
      section('share-entry', { top: 810, height: 0 }, { top: 360, height: 64 }),
    );
    expect(firstScreenTypes(root, viewport)).toEqual(new Set(['banner', 'share-entry']));
  });

  it('does not count a widget box that is not painted (display none: an empty box at 0)', () => {
    const root = document.createElement('div');
    root.append(section('dialog-host', { top: 900, height: 0 }, { top: 0, height: 0 }));
    expect(firstScreenTypes(root, viewport).size).toBe(0);
  });
});
