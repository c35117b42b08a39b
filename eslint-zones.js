/**
 * Import zones: the layers of docs/architecture.md ("Layers"), enforced by eslint's built-in
 * `no-restricted-imports` (static imports and re-exports) and `no-restricted-syntax` (dynamic
 * `import()`, which the first rule does not see). Tests (*.test.ts[x]) compose layers and are
 * outside the zones; their helpers live in tests/support, which shipping code never imports.
 *
 * Every import in this repository is a normalised relative path (no aliases), so the text of a
 * specifier says where it lands: from src/engine/page/x.ts, `../../app/y` is src/app and
 * `../../../widgets/y` is widgets/. That is why the built-in rule is enough (no resolver plugin):
 * a target is matched by the folder its `../` chain climbs into (eslint-zones.test.ts pins it).
 */

const LAYERS =
  'app → engine → ui → services, each importing only the layers to its right; src/spec and ' +
  'src/contracts are shared by all (docs/architecture.md, "Layers")';

/** Where a target folder is, as the tail of a relative specifier, from a file in `from`. */
function targetRegex(target, from) {
  const [top, sub] = target.split('/');
  // Inside src/, a sibling folder is reached by climbing to src/ (`../app/`); from widgets/ or
  // server/ it is reached through the repository root (`../../src/app/`). server/test/x.ts also
  // reaches server/src by `../src/`, so from server/ only a climb past server/ counts.
  if (top === 'src' && from === 'src') return `^(?:\\./)?(?:\\.\\./)+${sub}(?:/|$)`;
  const ups = from === 'server' ? '(?:\\.\\./){2,}' : '(?:\\.\\./)+';
  return `^${ups}${sub ? `${top}/${sub}` : top}(?:/|$)`;
}

/** One zone: the files it covers and the folders they must not import (with what to do instead). */
const zones = [
  {
    name: 'src/spec',
    files: ['src/spec/**'],
    from: 'src',
    forbid: ['src/app', 'src/engine', 'src/ui', 'src/services', 'src/build', 'src/landing'],
    also: ['src/contracts', 'widgets', 'server', 'tests'],
    message:
      'src/spec holds the specification’s constants and imports nothing of the project: keep ' +
      'what you need here a plain value, or move the code that needs it out of src/spec.',
  },
  {
    name: 'src/contracts',
    files: ['src/contracts/**'],
    from: 'src',
    forbid: ['src/app', 'src/engine', 'src/ui', 'src/services', 'src/build', 'src/landing'],
    also: ['widgets', 'server', 'tests'],
    message:
      'src/contracts is shared by the server and the browser, so it imports only src/spec and ' +
      'other contracts (and zod): move what the contract needs into src/contracts or src/spec.',
  },
  {
    name: 'src/services',
    files: ['src/services/**'],
    from: 'src',
    forbid: ['src/app', 'src/engine', 'src/ui', 'src/build', 'src/landing'],
    also: ['widgets', 'server', 'tests'],
    message:
      `Services are the bottom layer: ${LAYERS}. Move the code you need down into ` +
      'src/services (it must not know the engine, the UI kit or widgets), or let the caller ' +
      'pass it in.',
  },
  {
    name: 'src/ui',
    files: ['src/ui/**'],
    from: 'src',
    forbid: ['src/app', 'src/engine', 'src/build', 'src/landing'],
    also: ['widgets', 'server', 'tests'],
    message:
      `The UI kit sits below the engine: ${LAYERS}. Take what you need as a prop or a ` +
      'callback, or move it down into src/ui or src/services.',
  },
  {
    name: 'src/engine',
    files: ['src/engine/**'],
    from: 'src',
    forbid: ['src/app', 'src/build', 'src/landing'],
    also: ['widgets', 'server', 'tests'],
    message:
      `The engine never knows a widget or the app that composes it: ${LAYERS}. Declare what ` +
      'the engine needs in a widget’s meta, receive it from src/app (the composition root), ' +
      'or move it down into src/engine, src/ui or src/services.',
  },
  {
    name: 'src/app',
    files: ['src/app/**'],
    from: 'src',
    forbid: ['src/build'],
    also: ['server', 'tests'],
    message:
      'src/app runs in the browser: src/build is build-time only and server/ is apart. Move ' +
      'what both need into src/engine, src/services, src/spec or src/contracts.',
  },
  {
    name: 'src/landing',
    files: ['src/landing/**'],
    from: 'src',
    forbid: ['src/app', 'src/build'],
    also: ['widgets', 'server', 'tests'],
    message:
      'The landing pages are a small entry of their own on the services: take what they need ' +
      'from src/services, src/spec or src/contracts.',
  },
  {
    name: 'src/build',
    files: ['src/build/**'],
    from: 'src',
    forbid: [],
    also: ['server', 'tests'],
    message:
      'The build may import anything in src/ and widgets/, but not the server: move what both ' +
      'read (a config schema, a file format) into src/contracts.',
  },
  {
    name: 'widgets',
    files: ['widgets/*/**'],
    from: 'widgets',
    forbid: ['src/app', 'src/build', 'src/landing'],
    also: ['server', 'tests'],
    message:
      'A widget imports only src/engine, src/ui, src/services, src/spec, src/contracts and ' +
      'widgets/_campaign-kit: the app composes widgets, the build reads them, never the reverse.',
  },
  {
    name: 'server',
    files: ['server/**'],
    from: 'server',
    forbid: ['src/app', 'src/engine', 'src/ui', 'src/services', 'src/build', 'src/landing'],
    also: ['widgets', 'tests'],
    // No exceptions: what the site delivery (server/src/static) runs exactly as the app or the
    // build does lives in src/contracts (site/: routes, redirects, the build's output files and
    // inline loader; conditions/; env/; hosts/), never in a front-end layer.
    message:
      'The server is apart from the front end: it imports only src/spec and src/contracts. Put ' +
      'what the server and the browser share into src/contracts (no React, no Fastify, no ' +
      'browser global), and import it from there.',
  },
];

/**
 * Modules private to their folder, refused to every other file of the zone (docs/services.md,
 * "API contracts and typed answers"): the raw readers of loose answers (num, str, pick, isRecord,
 * listOf, payloadOf, at) live in widgets/_campaign-kit/loose/read.ts and read-lists.ts, and only the named readers
 * beside it may use them. Inside that folder the modules are `./read` and `./read-lists`, which the pattern leaves be.
 */
const privateModules = {
  widgets: [
    {
      regex:
        '(?:^|/)_campaign-kit/loose/read(?:-lists)?$|^(?:\\./|(?:\\.\\./)+)loose/read(?:-lists)?$',
      message:
        'Loose answer reading (issue 31): the raw readers are private to ' +
        'widgets/_campaign-kit/loose. Read your call’s typed answer (src/contracts; add a ' +
        'missing field to the contract), or, for a call named only at run time, add a named ' +
        'reader in widgets/_campaign-kit/loose and call that.',
    },
  ],
};

/** A widget folder importing another widget's folder (widgets/_campaign-kit is shared). */
const OTHER_WIDGET = '^\\.\\./(?!_campaign-kit(?:/|$))[^./][^/]*(?:/|$)';

function zoneRegexes(zone) {
  const regexes = [...zone.forbid, ...zone.also].map((target) => targetRegex(target, zone.from));
  if (zone.name === 'widgets') regexes.push(OTHER_WIDGET);
  return regexes;
}

/** Flat-config objects, one per zone (tests excluded), for eslint.config.js. */
export function importZones() {
  return zones.map((zone) => {
    const message = `Import across a zone (${zone.name}). ${zone.message}`;
    const regexes = zoneRegexes(zone);
    // esquery reads a regular expression up to the next '/', so slashes are written \x2F there.
    const anyOf = regexes
      .map((regex) => `(?:${regex})`)
      .join('|')
      .replaceAll('/', '\\x2F');
    const own = privateModules[zone.name] ?? [];
    return {
      files: zone.files.map((glob) => `${glob.replace(/\/\*\*$/, '')}/**/*.{ts,tsx,js,mjs}`),
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...regexes.map((regex) => ({ regex, message })),
              ...own.map(({ regex, message: ownMessage }) => ({ regex, message: ownMessage })),
            ],
          },
        ],
        'no-restricted-syntax': [
          'error',
          { selector: `ImportExpression > Literal.source[value=/${anyOf}/]`, message },
          ...own.map(({ regex, message: ownMessage }) => ({
            selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\x2F')}/]`,
            message: ownMessage,
          })),
        ],
      },
    };
  });
}
