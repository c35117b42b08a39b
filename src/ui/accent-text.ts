import type { CSSProperties } from 'react';

/** The custom property a document's accent colour for text travels in (src/app/global.css). */
export const ACCENT_TEXT_PROPERTY = '--ce-accent-text';

/**
 * The style of text in a document's `accentColor`: the colour in the light theme; the dark
 * theme's own accent in the dark one (a colour chosen for a light page is unreadable on a dark
 * one; decision 0043). Backgrounds under white text take the colour as it is.
 */
export function accentText(color: string | undefined): CSSProperties | undefined {
  return color ? ({ [ACCENT_TEXT_PROPERTY]: color } as CSSProperties) : undefined;
}
