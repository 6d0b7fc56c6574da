import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Four tiers, run separately by `npm test` so a failing tier is named; the E2E tier runs in two
// parts (two files at a time, then the files that must run alone). The desktop tier drives the
// built Electron app and runs only where an Electron runtime is installed (scripts/electron-runtime.mjs).
const SOLO_E2E = ['tests/e2e/csv-import-large.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        // Svelte compiles the renderer's rune classes (`*.svelte.ts`) and tests that use runes
        // (`*.svelte.test.ts`, in jsdom so that effects run as in the page).
        plugins: [svelte({ configFile: false })],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, not per file: the files share no module state (each
          // starts its own sandbox; the one vi.mock, of 'electron' in security-secrets-at-rest, is
          // of a module no other file loads), and loading the core, the sandbox and zod's schemas
          // once instead of 54 times took the tier from about 240 s to 60 s on 2 cores.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...SOLO_E2E],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // A screen is waited for as a person would: vitest's 1 s default for expect.poll failed on
          // a loaded 2-core CI machine where the screen was right, only later (an import's undo).
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with its own host, sandbox and Chromium: a file spends much
          // of its time waiting on the page, so two share 2 cores well.
          maxWorkers: 2,
          // One module graph per worker, as in the integration tier: each file starts its own
          // host, sandbox and browser, and loading them once per worker instead of once per file
          // saves about 80 s of imports across the tier.
          isolate: false,
        },
      },
      {
        test: {
          // Files that time the page (the longest main-thread task of a 100,000-row import) run
          // alone: beside another Chromium they measured the other file's load (2.0 s once).
          name: 'e2e-solo',
          include: [...SOLO_E2E],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        test: {
          // One Electron app at a time: each file launches the built app (main process, its demo
          // sandbox, a renderer) on a data folder of its own.
          name: 'desktop',
          include: ['tests/desktop/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
