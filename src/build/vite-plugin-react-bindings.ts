import type { Plugin } from 'vite';

/** The specifier the app imports -> the module of ES bindings that stands in for it. */
const BINDINGS: Readonly<Record<string, string>> = {
  react: 'react-bindings.ts',
  'react/jsx-runtime': 'react-jsx-bindings.ts',
};

/**
 * In the browser build, the app's own modules (src/, widgets/) import React and its JSX runtime
 * through ES bindings (./react-bindings.ts): a widget chunk then imports `useState` and `jsx`
 * from the app's chunk by name, instead of React's CommonJS `exports` object through the
 * bundler's interop helper, imported from its runtime's file (decision 0036). Libraries keep
 * importing React itself; the bindings modules import it too. The server's build and the tests
 * import React as it is.
 */
export function reactBindingsPlugin(srcBuildDir: string): Plugin {
  const standIns = new Set(Object.values(BINDINGS).map((file) => `${srcBuildDir}/${file}`));
  return {
    name: 'react-bindings',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source, importer) {
      const file = BINDINGS[source];
      if (!file || !importer || importer.includes('/node_modules/') || standIns.has(importer)) {
        return null;
      }
      return `${srcBuildDir}/${file}`;
    },
  };
}
