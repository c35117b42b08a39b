/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The build's release (git commit), set by vite.config.ts; reported with client errors. */
  readonly VITE_RELEASE?: string;
}
