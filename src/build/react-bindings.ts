/**
 * React's exports as plain ES bindings, for the browser build (./vite-plugin-react-bindings.ts
 * points the app's and the widgets' `import … from 'react'` here). React ships CommonJS: a chunk
 * importing it gets its `exports` object through the bundler's interop helper and calls
 * `(0,r.useState)(…)` through it, so every widget chunk imported that helper from the bundler's
 * runtime (a file of its own) and called it before its first line (decision 0036). Read once
 * here, each name is an export of the app's chunk like any other.
 *
 * A name the app imports from 'react' that is missing here fails the build (MISSING_EXPORT).
 */
import * as React from 'react';

export const {
  Component,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  startTransition,
  use,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
