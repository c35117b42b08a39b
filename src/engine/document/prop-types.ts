import { z } from 'zod';
import { SAFE_URL_PATTERN } from './safe-url';

/**
 * Reusable prop schemas for widgets. Anything that reaches a URL, a style or the DOM is narrowed
 * here once, so a hostile campaign file cannot smuggle script through a prop.
 */

/** An https URL or a same-origin path; never javascript:, data:, protocol-relative or http. */
export const safeUrl = z
  .string()
  .regex(SAFE_URL_PATTERN, 'expected an https:// address or a path starting with "/"')
  .describe('An https:// address or a path on this site.');

/** A link target: a route of this app ("/luckDraw"), an https URL, or an app deep link. */
export const linkTarget = z
  .string()
  .min(1)
  .refine(
    (value) => !/^\s*(javascript|data|vbscript|file|content|blob):/i.test(value),
    'this scheme is not allowed in a link',
  )
  .describe('A route ("/luckDraw"), an https address, or an app deep link.');

const CSS_COLOR =
  /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)|[a-zA-Z]{3,20})$/;

/** A CSS colour: #hex, rgb()/rgba() or a colour keyword; nothing that can hold url() or a ';'. */
export const cssColor = z
  .string()
  .regex(CSS_COLOR, 'expected a colour such as "#ff5a00", "rgb(255, 90, 0)" or "white"');

export const image = z.strictObject({
  src: safeUrl,
  alt: z.string().default('').describe('Text for screen readers; empty for decoration.'),
  width: z.number().int().positive().describe('Intrinsic width in px, so the page does not shift.'),
  height: z.number().int().positive().describe('Intrinsic height in px.'),
});

export const text = (description: string) => z.string().describe(description);

/** The activity a widget's calls are about; most widgets fall back to the page's activity. */
export const activityCodeProp = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe("Activity code sent with the call; defaults to the page's `activity.code`.");
