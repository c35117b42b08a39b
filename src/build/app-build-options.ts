/**
 * How the app's chunks are cut, in one place: the app's build (vite.config.ts) and the
 * render-cost bench's engine page (bench/many-widgets/vite.config.ts) use the same, so the bench
 * measures the files a phone gets (issue 10).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { appChunk, preloadOnlyWhatIsMissing } from './app-chunk';
import { LOADED_FIRST } from '../contracts/site/build-output';

/** A module at least this many widgets import ships in the app's chunk (decision 0032). */
export const SHARED_BY_WIDGETS = 2;

/**
 * The loose place's readers for a few widgets' answers (configured calls, lenient lists, drafts,
 * contentHtml, and the list and path readers only those use) stay with those widgets: in the
 * app's chunk every page would pay for them. Its raw readers and the activity's fields, which
 * most pages read, still join the app.
 */
function isRarelyLooseReader(id: string): boolean {
  return /\/widgets\/_campaign-kit\/loose\/(configured|lenient|drafts|content-html|read-lists)\.ts$/.test(
    id,
  );
}

/** Every widget's component module (widgets/<type>/<type>.tsx). */
function widgetComponents(widgetsDir: string): string[] {
  return readdirSync(widgetsDir)
    .map((type) => join(widgetsDir, type, `${type}.tsx`))
    .filter((file) => existsSync(file));
}

export interface AppModules {
  /** The module the entry imports dynamically to start the app (its chunk is "main"). */
  start: string;
  /** The entry itself (input name "app"): what it imports stays out of the app's chunk. */
  entry: string;
  widgetsDir: string;
}

/**
 * The app the tiny entry starts is one chunk (./app-chunk.ts), without what the entry itself
 * imports: by default the bundler pulls a group's dependencies into it, and the entry would then
 * import the whole app statically (decision 0029). The app's dynamic entry gets a 46-byte facade
 * chunk in this mode, fetched beside it. What at least two widgets import joins the app's chunk
 * too (decision 0032).
 */
export function appOutput({ start, entry, widgetsDir }: AppModules) {
  return {
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [
        {
          debugName: 'app',
          name: appChunk(start, {
            entry,
            shared: {
              widgets: widgetComponents(widgetsDir),
              minWidgets: SHARED_BY_WIDGETS,
              keepOut: (id) => id.includes('/node_modules/') || isRarelyLooseReader(id),
            },
          }),
        },
      ],
    },
  };
}

/**
 * Every browser the es2020 target admits but old WebKit follows modulepreload hints; the
 * polyfill (fetching the hints by script there) cost every page ~0.4 KB, and without it old
 * WebKit loads the same modules on demand. Hints only for files a page does not have yet.
 */
export const appModulePreload = {
  polyfill: false,
  resolveDependencies: preloadOnlyWhatIsMissing(LOADED_FIRST),
};

/** React 19 has useSyncExternalStore: swr's shim for older Reacts is dead weight here. */
export function appAliases(srcBuildDir: string) {
  return [
    {
      find: /^use-sync-external-store\/shim$/,
      replacement: join(srcBuildDir, 'react-sync-external-store.ts'),
    },
  ];
}
