import { z } from 'zod';
import { defineWidget } from '../../src/engine/registry/widget-definition';
import { cssColor, urlProp } from '../../src/engine/document/prop-types';
import { openAppBarMeta } from './meta';

export const openAppBarProps = z.strictObject({
  text: z
    .string()
    .min(1)
    .max(40)
    .default('打开钱包App，领取更多福利')
    .describe(
      "The bar's text; the activity's openAppToast replaces it when the activity requires the app.",
    ),
  buttonText: z.string().min(1).max(8).default('打开App').describe('The button.'),
  app: z
    .enum(['finance', 'wallet', 'payments'])
    .default('finance')
    .describe(
      "Which of the provider's apps opens this page when there is no `target` and the activity names none; its download page is the last fall-back.",
    ),
  target: urlProp('deepLink')
    .optional()
    .describe('Deep link to open (e.g. "miwallet://…"); defaults to this page, opened in `app`.'),
  failUrl: urlProp('deepLink')
    .optional()
    .describe(
      "Where to go when the app does not open; defaults to the activity's openApp.openFailUrl.",
    ),
  downloadUrl: urlProp('deepLink')
    .optional()
    .describe(
      "Download or app-store page used when the app is not installed; without it, `storePackage` or a fail URL, the app's own download page.",
    ),
  storePackage: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'an Android package name')
    .max(150)
    .optional()
    .describe(
      'Without `downloadUrl`: the package whose app-store page (generalActivity.getAppStoreUrl) is the download fallback; a failed lookup shows its error as a toast (spec §8).',
    ),
  icon: urlProp('image').optional().describe('App icon at the left of the bar (square, 40 px).'),
  position: z
    .enum(['top', 'bottom'])
    .default('bottom')
    .describe('Stick the bar to the top or the bottom of the screen.'),
  closable: z.boolean().default(true).describe('Show a close button.'),
  showInApp: z
    .boolean()
    .default(false)
    .describe("Also show the bar inside the provider's own apps."),
  background: cssColor.optional().describe('Background colour of the bar.'),
});

export const openAppBarWidget = defineWidget({
  type: 'open-app-bar',
  description:
    "A download / open-app bar: opens the app through a deep link with the activity's openApp settings (fail URL, download page). Hidden inside the provider's apps unless told otherwise.",
  props: openAppBarProps,
  meta: openAppBarMeta,
  apiCalls: () => ['generalActivity.getAppStoreUrl'],
  events: ['open'],
});

export type OpenAppBarProps = z.output<typeof openAppBarProps>;
