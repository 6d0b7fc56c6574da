/**
 * The import rules of docs/architecture.md ("Rules of the house", 1 and 2), enforced on every `npm run lint`.
 * A violating import fails the lint; tests/unit/import-rules.test.ts proves each rule bites.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Cycles make layers meaningless.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-renderer',
      severity: 'error',
      comment: 'The renderer is a leaf: only its own files, tests and bench/ (the CSV import runs in Node) import it.',
      from: { path: '^(electron|shared|sandbox|scripts)/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'shared-is-pure',
      severity: 'error',
      comment: 'shared/ is imported by both sides: it imports neither of them, nor the sandbox.',
      from: { path: '^shared/' },
      to: { path: '^(electron|renderer|sandbox)/' },
    },
    {
      name: 'shared-no-node-builtins',
      severity: 'error',
      comment: 'shared/ runs in the renderer too.',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'sandbox-imports-only-shared',
      severity: 'error',
      comment: 'The sandbox is the test double for Learn and Ally: never the client (and of shared/ only the logger, below).',
      from: { path: '^sandbox/' },
      to: { path: '^(electron|renderer|tests|scripts|bench)/' },
    },
    {
      name: 'sandbox-independent-of-client',
      severity: 'error',
      comment:
        "The sandbox is Learn's stand-in, written from the seeds, the Swagger and the vendor pages: it must be able to disagree with the client, so it takes nothing of shared/ but the logger (no API schemas, no contract, no domain rules).",
      from: { path: '^sandbox/' },
      to: { path: '^shared/', pathNot: '^shared/logger\\.ts$' },
    },
    {
      name: 'only-hosts-and-tests-import-sandbox',
      severity: 'error',
      comment: 'Demo mode: only main.ts and web-host.ts start the sandbox (tests/ and bench/ may, being outside these layers).',
      from: { path: '^(electron|renderer|shared)/', pathNot: '^electron/(main|web-host)\\.ts$' },
      to: { path: '^sandbox/' },
    },
    {
      name: 'renderer-not-main-side',
      severity: 'error',
      comment: 'The renderer reaches the main side only through bridge.ts and the IPC contract.',
      from: { path: '^renderer/' },
      to: { path: '^electron/' },
    },
    {
      name: 'core-without-electron',
      severity: 'error',
      comment: 'electron/core runs under plain Node: Electron capabilities come in as ports.',
      from: { path: '^electron/core/' },
      to: { path: '^electron$|^node_modules/electron/|^electron/(main|preload|web-host)\\.ts$' },
    },
    {
      name: 'preload-carries-no-schemas',
      severity: 'error',
      comment: 'The preload runs in every window: of shared/ it takes the channel names (names.ts) and types only, never the schemas (they bundled zod into it, 810 kB).',
      from: { path: '^electron/preload\\.ts$' },
      to: { path: '^shared/', pathNot: '^shared/ipc/names\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-no-node',
      severity: 'error',
      comment: 'The renderer is sandboxed: no Node built-ins.',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve is a bug.',
      from: {},
      to: { couldNotResolve: true, pathNot: '^electron$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types', 'svelte'],
      extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'],
    },
  },
};
