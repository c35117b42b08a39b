/** The app-store link of an Android package (server/src/routes/app-store.ts). */
import { z } from 'zod';
import { get } from './contract';
import { GA } from './shared';

const byPackage = z.object({
  targetPackageName: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/,
      'targetPackageName must be an Android package name such as com.example.app',
    )
    .max(150)
    .describe('Android package name of the app to download'),
});
/** The store page's address in `value`; '' for a package we do not know (still code 0). */
const storeUrl = get(`${GA}getAppStoreUrl`, {
  params: ['targetPackageName'],
  carrier: 'value',
  input: byPackage,
  output: z.string(),
});

export const appStoreContracts = {
  'generalActivity.getAppStoreUrl': storeUrl,
  // The same call under the module name spec §7's GET list also uses.
  'appStore.getAppStoreUrl': storeUrl,
} as const;
