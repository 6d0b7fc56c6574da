import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

/**
 * Preloads the Latin face of the app's font from the page itself (a quick start): fetched
 * only once the stylesheet and the first screen asked for it, it arrived after that screen had
 * painted, and the swap moved the sign-in button under the user's pointer.
 */
const preloadLatinFont: Plugin = {
  name: 'rollbook-preload-latin-font',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const font = Object.keys(ctx.bundle ?? {}).find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));
      return font ? [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `./${font}`, crossorigin: '' }, injectTo: 'head' }] : [];
    },
  },
};

// The renderer is built once and served by both hosts (app:// in Electron, 127.0.0.1 in browser mode).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte(), preloadLatinFont],
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The bundler's timings of its plugins are its own business: on a loaded machine they were a
      // yellow block in every first `npm start` and every test run. Real warnings still print.
      checks: { bundlerTimings: false },
      output: {
        // No chunk over 250 kB but pdf.js's. The first chunk holds the shell and the site
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
