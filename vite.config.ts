import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The renderer is built once and served by both hosts (app:// in Electron, 127.0.0.1 in browser mode).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Issue 17: no chunk over 250 kB but pdf.js's. The first chunk holds the shell and the site
        // chooser only; everything behind a sign-in is app/signed-in-part.ts's chunk, fetched when
        // a sign-in starts; the screens off the roll-call path load on first visit
        // (renderer/src/app/lazy-screens.ts). The two libraries the signed-in part needs (local
        // storage and its row checks) are chunks of their own. zod-config.ts goes in zod's chunk:
        // set there, jitless parsing holds before any other chunk builds a schema (in another
        // chunk it could run after the shared chunks it imports, whose schemas probed eval).
        codeSplitting: {
          groups: [
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]renderer[\\/]src[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
});
