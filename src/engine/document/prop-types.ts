import { z } from 'zod';
import { checkUrlLiteral, type UrlKind } from '../../services/urls/url-policy';

/**
 * Reusable prop schemas for widgets. Anything that reaches a URL, a style or the DOM is narrowed
 * here once, so a hostile campaign file cannot smuggle script through a prop.
 */

/** The JSON Schema keyword that carries a URL prop's kind (generated docs and the engine's pass). */
export const URL_KIND_KEY = 'x-url-kind';

const URL_KIND_TEXT: Readonly<Record<UrlKind, string>> = {
  image: 'An image: a path on this site or an https:// address on the image CDN list.',
  media: 'A video or track: a path on this site or an https:// address on the image CDN list.',
  link: 'A route ("/luckDraw"), an https:// page of ours or the provider\'s, or an app deep link.',
  webLink: 'A route ("/luckDraw") or an https:// page of ours or the provider\'s.',
  deepLink: "An app deep link, a route, or an https:// page of ours or the provider's.",
  embed: 'An https:// page on the embed allow-list.',
};

/**
 * A URL-typed prop (issue 19, decision 0023). Its kind decides what it may hold, by the one URL
 * policy (src/services/urls/url-policy.ts): the validator checks literal values here, and the engine
 * checks the value again after `{{bindings}}` are filled in, before the widget sees it (it finds
 * these fields by the kind this schema carries). Every URL field of a widget, an action or the
 * document is declared with it; widgets never check URLs themselves.
 */
export function urlProp(kind: UrlKind) {
  return z
    .string()
    .superRefine((value, context) => {
      const verdict = checkUrlLiteral(kind, value);
      if (!verdict.ok) {
        const message = verdict.needs ? `${verdict.reason}: ${verdict.needs}` : verdict.reason;
        context.addIssue({ code: 'custom', message });
      }
    })
    .meta({ [URL_KIND_KEY]: kind, description: URL_KIND_TEXT[kind] });
}

const CSS_COLOR =
  /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)|[a-zA-Z]{3,20})$/;

/** A CSS colour: #hex, rgb()/rgba() or a colour keyword; nothing that can hold url() or a ';'. */
export const cssColor = z
  .string()
  .regex(CSS_COLOR, 'expected a colour such as "#ff5a00", "rgb(255, 90, 0)" or "white"');

export const image = z.strictObject({
  src: urlProp('image'),
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
