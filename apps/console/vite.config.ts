import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

/**
 * The console's theme has no CSS variables and no colour schemes (core/theme.ts), but MUI's createTheme
 * and ThemeProvider import the CSS-variables variants whichever a theme uses: 5 KB brotli in every first
 * load for code that never runs. Their imports resolve to a module that says so instead; a theme that
 * turns CSS variables on fails at once with this message rather than rendering unstyled.
 */
const MUI_WITH_VARS = '\0skyvault:mui-without-css-variables';
const muiWithoutCssVariables: Plugin = {
  name: 'skyvault:mui-without-css-variables',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      importer &&
      /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/](createTheme|ThemeProvider)\.js$/.test(importer) &&
      /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.js$/.test(source)
    )
      return MUI_WITH_VARS;
    return undefined;
  },
  load(id) {
    if (id !== MUI_WITH_VARS) return undefined;
    return [
      "const unsupported = () => { throw new Error('The console is built without MUI CSS variables (vite.config.ts)'); };",
      'export default unsupported;',
      'export const CssVarsProvider = unsupported;',
    ].join('\n');
  },
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `x.br` and `x.gz` beside every compressible file of the build, at the highest levels (done
 * once here, not per request): the API sends the one the browser accepts. A variant that would not be
 * smaller (a tiny file) is left out, and the original is sent instead.
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'skyvault:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // A build that failed wrote nothing to compress.
      if (!existsSync(outDir)) return;
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const variants = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }).then((data) => ({ data, suffix: '.br' })),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }).then((data) => ({
              data,
              suffix: '.gz',
            })),
          ]);
          for (const { data, suffix } of variants)
            if (data.length < content.length) await writeFile(`${file}${suffix}`, data);
        }),
      );
    },
  };
};

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects, muiWithoutCssVariables, precompress()],
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
