import { z } from 'zod';
import { checkUrlLiteral, type UrlKind } from '../../services/urls/url-policy';
import { CSS_COLOR_NAMES } from './css-colors';

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

const NUMBER = String.raw`\s*[\d.]+(%|deg)?\s*`;
/** rgb()/hsl() with commas, or with spaces and an optional "/ alpha" (CSS Color 4). */
const colorFunction = (name: string) =>
  String.raw`${name}a?\((${NUMBER}(,${NUMBER}){2,3}|${NUMBER}(\s${NUMBER}){2}(/${NUMBER})?)\)`;
const CSS_COLOR = new RegExp(
  String.raw`^(#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|${colorFunction('rgb')}|${colorFunction('hsl')}|${CSS_COLOR_NAMES.join('|')})$`,
);

/**
 * A CSS colour: #hex, rgb()/rgba(), hsl()/hsla() or a CSS colour name ("reddish" is none);
 * nothing that can hold url() or a ';'.
 */
export const cssColor = z
  .string()
  .regex(
    CSS_COLOR,
    'not a CSS colour: write a hex colour ("#ff5a00"), "rgb(255, 90, 0)", "hsl(20, 100%, 50%)" or a CSS colour name ("red", "white", "transparent")',
  );

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

/** A campaign route under the base path, as documents name it ("/luckdrawPage"). */
export const routePath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_-]*$/, 'expected a route path such as "/luckdrawPage"');
