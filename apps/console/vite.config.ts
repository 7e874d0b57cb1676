import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Vendor code that every signed-in screen needs goes into a few long-lived chunks, so a release that
 * only changes our code does not invalidate the browser's cache of React or MUI. Only modules of the
 * first load are grouped (`$initial`): MUI parts that just one lazy page uses stay with that page.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
  {
    name: 'mui',
    test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group)[\\/]/,
    priority: 2,
  },
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, priority: 1 },
];

/**
 * The contract's modules only declare schemas, endpoints and constants, but its package does not say
 * so; without this every resource's schemas would ship in the first load whether a screen uses them
 * or not.
 */
const contractWithoutSideEffects: Plugin = {
  name: 'skyvault:contract-without-side-effects',
  transform(code, id) {
    if (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id))
      return { code, map: null, moduleSideEffects: false };
    return undefined;
  },
};

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects],
  server: {
    // The API runs beside the dev server; same-origin calls keep the session cookie first-party.
    proxy: { '/api': { target: 'http://localhost:8080' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Vite 8 (Rolldown) replaces the deprecated `manualChunks` with `codeSplitting.groups`.
        codeSplitting: {
          groups: vendorGroups.map((group) => ({ ...group, tags: ['$initial' as const] })),
        },
      },
    },
  },
});
