/** The JSX runtime's exports as plain ES bindings (./react-bindings.ts says why). */
import * as JsxRuntime from 'react/jsx-runtime';

export const { Fragment, jsx, jsxs } = JsxRuntime;
