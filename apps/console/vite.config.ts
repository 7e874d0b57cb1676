import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const posix = (id: string) => id.replaceAll('\\', '/');
const SRC = posix(fileURLToPath(new URL('./src/', import.meta.url)));
const LOGIN_PAGE = posix(fileURLToPath(new URL('./src/features/auth/LoginPage.tsx', import.meta.url)));

/** What a chunking pass tells about the module graph (Rolldown's `ChunkingContext`). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Our modules that the login page imports statically, directly or through each other (its e-mail step,
 * the form helpers, the text fields, the card). The group below takes them, and the bundler brings along
 * what they use of the libraries and the contract (MUI's inputs and button, react-hook-form, the login
 * schemas): only what is used, where a walk of the imports would take whole packages through their
 * index files. Found once per chunking pass.
 */
const loginModulesByPass = new WeakMap<ModuleGraph, Set<string>>();
function loginModules(graph: ModuleGraph): Set<string> {
  let modules = loginModulesByPass.get(graph);
  if (modules) return modules;
  modules = new Set<string>();
  const pending = [LOGIN_PAGE];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id) || !posix(id).startsWith(SRC)) continue;
    modules.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  // The page itself keeps a chunk of its own, which its route loads.
  modules.delete(LOGIN_PAGE);
  loginModulesByPass.set(graph, modules);
  return modules;
}

/**
 * How the build splits the code, for the login page's first load above all: every file of it is one
 * more request and is compressed on its own, and brotli does better on one file than on many small ones
 * (the login page's first load was 42 files, 13 KB brotli more than the same code in one file).
 * - `vendor`: the libraries of the first load in one long-lived chunk, so a release that only changes
 *   our code does not invalidate the browser's cache of them.
 * - `app`: the entry's own modules, with those the lazy screens share with it.
 * - `login-shared`: what the login page imports statically beyond those, in one chunk rather than the
 *   twenty-odd small ones that automatic splitting makes of modules several screens share. A signed-in
 *   screen that uses one of them (a button, a text field) loads this chunk too: most of it is what every
 *   form needs, some KB of it the login form's own steps.
 * The first two take only modules of the first load (`$initial`): MUI parts that just one lazy page uses
 * stay with that page.
 */
const chunkGroups = [
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const], priority: 2 },
  {
    name: 'app',
    test: (id: string) => !/[\\/]node_modules[\\/]/.test(id),
    tags: ['$initial' as const],
    priority: 1,
  },
  {
    name: (id: string, graph: ModuleGraph) => (loginModules(graph).has(id) ? 'login-shared' : null),
    priority: 0,
  },
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
 * The console's two themes (light and dark, core/theme.ts) use no CSS variables, but MUI's createTheme
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
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
