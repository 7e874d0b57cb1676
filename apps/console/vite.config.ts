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
  getModuleInfo(id: string): {
    importedIds: readonly string[];
    dynamicallyImportedIds: readonly string[];
    exports: readonly string[];
    code: string | null;
  } | null;
}

/** A set found once per chunking pass (the graph is the pass's own). */
function perPass(find: (graph: ModuleGraph) => Set<string>): (graph: ModuleGraph) => Set<string> {
  const found = new WeakMap<ModuleGraph, Set<string>>();
  return (graph) => {
    let modules = found.get(graph);
    if (!modules) {
      modules = find(graph);
      found.set(graph, modules);
    }
    return modules;
  };
}

/**
 * Our modules that the login page imports statically, directly or through each other (its e-mail step,
 * the form helpers, the text fields, the card). The group below takes them, and the bundler brings along
 * what they use of the libraries and the contract (MUI's inputs and button, react-hook-form, the login
 * schemas): only what is used, where a walk of the imports would take whole packages through their
 * index files. The page itself keeps a chunk of its own, which its route loads.
 */
const loginModules = perPass((graph) => {
  const modules = reach(graph, [LOGIN_PAGE], { within: SRC });
  modules.delete(LOGIN_PAGE);
  return modules;
});

/** The signed-in shell: the route table and the layout, which every signed-in screen loads first. */
const SIGNED_IN_SHELL = ['app/signedInRoutes.tsx', 'app/layout/AppLayout.tsx'].map((file) => SRC + file);

const ENTRY = `${SRC}main.tsx`;
const CONTRACT_INDEX = posix(fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)));
const CONTRACT_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@skyvault\/contract["']/g;

/**
 * What a module imports statically. Through the contract's index (`@skyvault/contract`), which
 * re-exports every resource, only the modules that export the names it imports: the index lists them
 * all, and a walk through it would take every resource's schemas. A module that uses the index other
 * than by named imports is taken to use all of it.
 */
function staticImports(graph: ModuleGraph, id: string): readonly string[] {
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  const own = info.importedIds.filter((imported) => imported !== CONTRACT_INDEX);
  if (own.length === info.importedIds.length) return own;
  const index = graph.getModuleInfo(CONTRACT_INDEX)?.importedIds ?? [];
  const code = info.code ?? '';
  const imports = [...code.matchAll(CONTRACT_IMPORT)];
  if (imports.length !== code.split('@skyvault/contract').length - 1) return [...own, ...index];
  // `{ a, b as c, type D }`: the names as the contract exports them.
  const exported = (entry: string) =>
    entry
      .trim()
      .replace(/^type\s+/, '')
      .split(/\s+as\s+/)[0];
  const names = new Set(imports.flatMap(([, list]) => (list ?? '').split(',').map(exported)));
  return [
    ...own,
    ...index.filter((module) => graph.getModuleInfo(module)?.exports.some((name) => names.has(name))),
  ];
}

/**
 * The modules `roots` reach through static imports (and dynamic ones with `dynamic`), short of `stop`,
 * only those under `within` when given.
 */
function reach(
  graph: ModuleGraph,
  roots: string[],
  { dynamic = false, stop = [] as string[], within = '' } = {},
): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id) || stop.includes(id) || !posix(id).startsWith(within)) continue;
    found.add(id);
    pending.push(...staticImports(graph, id));
    if (dynamic) pending.push(...(graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
  }
  return found;
}

/**
 * The modules that only the signed-in console uses and its shell's first render needs: what the shell
 * imports statically, less what the entry reaches without passing through the shell (the login page
 * and the other public pages, static or lazy). Found once per chunking pass.
 */
const shellModules = perPass((graph) => {
  const publicModules = reach(graph, [ENTRY], { dynamic: true, stop: SIGNED_IN_SHELL });
  return new Set([...reach(graph, SIGNED_IN_SHELL)].filter((id) => !publicModules.has(id)));
});

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
 * - `signed-in`: the signed-in shell's own code (the route table, the layout, the top bar, the sidebar,
 *   the banners, and the contract's resources whose endpoints the sidebar checks) in one chunk: a cold
 *   open of a signed-in screen asked for 50-odd small files of it, six at a time over HTTP/1.1, and its
 *   session call and first read waited behind them. It takes no module that the public pages reach, so
 *   they never load it, and no module it imports imports it back, but for the layout's lazy facade.
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
  {
    name: (id: string, graph: ModuleGraph) => (shellModules(graph).has(id) ? 'signed-in' : null),
    priority: -1,
    // What these import that public pages use too stays where it was: the login page must not load
    // this chunk for a module of it.
    includeDependenciesRecursively: false,
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
      // The shell's modules are in the chunk of the `signed-in` group (chunkGroups).
      const shellChunkOf = (module: string) =>
        chunks.find((chunk) => chunk.moduleIds.includes(module))?.fileName ?? fail(`No chunk has ${module}`);
      const firstLoad = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const page = bundle['index.html'];
      if (page?.type !== 'asset') return fail('index.html is not in the bundle');
      const pageWith = (roots: string[]) => {
        const links = [...withImports(roots)]
          .filter((name) => !firstLoad.has(name))
          .map((name) => `    <link rel="modulepreload" crossorigin href="${base}${name}">`);
        return String(page.source).replace('  </head>', `${links.join('\n')}\n  </head>`);
      };

      const shell = SIGNED_IN_SHELL.map(shellChunkOf);
      // The public pages (the entry's chunks and what they load, lazily too, short of the shell) must
      // not load the shell's chunk: the login page's first load would grow by all of it.
      const publicChunks = new Set<string>();
      const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
        if (publicChunks.has(name) || shell.includes(name)) continue;
        publicChunks.add(name);
        const chunk = byName.get(name);
        if (chunk?.imports.some((imported) => shell.includes(imported)))
          fail(`${name}, of a public page, would load the signed-in shell's chunk`);
        pending.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
      }
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
