import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routes } from './src/core/paths/routes';

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

/** The signed-in shell: the route table and the layout, which every signed-in screen loads first. */
const SIGNED_IN_SHELL = ['app/signedInRoutes.tsx', 'app/layout/AppLayout.tsx'].map((file) => SRC + file);

/**
 * A feature's screens as its routes file declares them, each route named as in core/paths/routes.ts:
 * `{ id: 'users.show', path: routes['users.show'], Component: lazyScreen(() => import('./UserPage')…`.
 * A lazy screen written otherwise fails the build, rather than load without being announced.
 */
const SCREEN_ROUTE =
  /id: '([\w.-]+)',\s*path: routes\['\1'\],\s*Component: lazyScreen\(\(\) =>\s*import\('([^']+)'\)/g;
function screensOf(routesFile: string, fail: (message: string) => never): { id: string; module: string }[] {
  const source = readFileSync(routesFile, 'utf8');
  const screens = [...source.matchAll(SCREEN_ROUTE)].map(([, id, relative]) => {
    const base = path.resolve(path.dirname(routesFile), relative!);
    const module = ['.tsx', '.ts'].map((extension) => base + extension).find((file) => existsSync(file));
    if (!module) fail(`${routesFile}: the screen ${relative} of ${id} was not found`);
    return { id: id!, module: posix(module) };
  });
  const lazy = source.split('lazyScreen(').length - 1;
  if (lazy !== screens.length)
    fail(
      `${routesFile}: ${lazy} lazy screens, ${screens.length} written as { id, path: routes[id], Component: lazyScreen(() => import(…)) }`,
    );
  return screens;
}

/**
 * Pages that tell the browser, in `<link rel="modulepreload">`, what a signed-in screen's code is, so
 * that it fetches and compiles it while the first-load code runs, instead of waiting for that code to
 * ask for the shell, the shell's route table to ask for the screen, and each to ask for what it imports:
 * - `index.signed-in.html`: the signed-in shell's code (the route table, the layout);
 * - `screens/<route name>.html`: the same and that screen's code, listed in `screens.json` with their
 *   paths (core/paths/routes.ts).
 * The API sends one to a browser that carries a session cookie (plugins/console.ts); the login page's
 * first load is unchanged.
 */
const signedInPages = (): Plugin => {
  let base = '/';
  return {
    name: 'skyvault:signed-in-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const fail = (message: string): never => this.error(message);
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.map((chunk) => [posix(chunk.facadeModuleId ?? ''), chunk.fileName]));
      const withImports = (roots: string[]) => {
        const found = new Set<string>();
        for (let name = roots.pop(); name !== undefined; name = roots.pop()) {
          if (found.has(name)) continue;
          found.add(name);
          roots.push(...(byName.get(name)?.imports ?? []));
        }
        return found;
      };
      const chunkOf = (module: string) => byModule.get(module) ?? fail(`No chunk of its own for ${module}`);
      const firstLoad = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return fail('index.html is not in the bundle');
      const pageWith = (roots: string[]) => {
        const links = [...withImports(roots)]
          .filter((name) => !firstLoad.has(name))
          .map((name) => `    <link rel="modulepreload" crossorigin href="${base}${name}">`);
        return String(page.source).replace('  </head>', `${links.join('\n')}\n  </head>`);
      };

      const shell = SIGNED_IN_SHELL.map(chunkOf);
      this.emitFile({ type: 'asset', fileName: 'index.signed-in.html', source: pageWith([...shell]) });
      // The signed-in screens: those of the routes files that the signed-in route table imports.
      const routesFiles = (this.getModuleInfo(SIGNED_IN_SHELL[0]!)?.importedIds ?? []).filter((id) =>
        /\.routes\.tsx?$/.test(id),
      );
      const screens = routesFiles.flatMap((file) => screensOf(file, fail));
      const manifest = screens.map(({ id, module }) => {
        const routePath = (routes as Record<string, string>)[id] ?? fail(`No path for the route ${id}`);
        const fileName = `screens/${id}.html`;
        this.emitFile({ type: 'asset', fileName, source: pageWith([...shell, chunkOf(module)]) });
        return { path: routePath, page: fileName };
      });
      this.emitFile({ type: 'asset', fileName: 'screens.json', source: JSON.stringify(manifest) });
    },
  };
};

export default defineConfig({
  plugins: [react(), contractWithoutSideEffects, muiWithoutCssVariables, signedInPages(), precompress()],
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
