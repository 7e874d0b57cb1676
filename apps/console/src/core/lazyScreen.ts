import { type ComponentType, createElement, type FunctionComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A screen whose code loads on demand, which can also be asked to load before it is first drawn. */
export type LazyScreen<P extends object = object> = FunctionComponent<P> & { preload(): Promise<void> };

/**
 * As React.lazy, plus `preload`: the console loads the screen an address opens on before its first
 * render (app/router.tsx preloadScreen), while the session is checked. A screen loaded by then renders at once
 * instead of suspending: React holds content back for up to 300 ms after a Suspense fallback appeared
 * (its fallback throttle), and a cold open paid that on the shell and again on the screen.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A failed load (a release replaced the files) may be tried again by the next render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Screen(props: P) {
    // Suspends as React.lazy does, by throwing the load (a Suspense boundary waits for it); once loaded,
    // the screen renders at once.
    if (!loaded) throw preload();
    return createElement(loaded, props);
  }
  return Object.assign(Screen, { preload });
}

/** Loads the screens of the routes that match; a screen that fails to load fails again when drawn. */
export function preloadMatches(tree: RouteObject[], pathname: string): Promise<void> {
  const screens = (matchRoutes(tree, pathname) ?? []).map(({ route }) =>
    (route.Component as Partial<LazyScreen> | null | undefined)?.preload?.(),
  );
  return Promise.all(screens).then(
    () => undefined,
    () => undefined,
  );
}
