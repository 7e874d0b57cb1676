import manifest from '../package.json' with { type: 'json' };

/** Set by the build (scripts/build.mjs) from git, or SKYVAULT_COMMIT; absent when run from source. */
declare const __SKYVAULT_COMMIT__: string | undefined;

/** The running build, for the metrics' build info series. */
export const BUILD = {
  version: manifest.version,
  commit: typeof __SKYVAULT_COMMIT__ === 'string' && __SKYVAULT_COMMIT__ ? __SKYVAULT_COMMIT__ : 'unknown',
};
