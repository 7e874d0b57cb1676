import { render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadMatches } from './lazyScreen';

/** A screen's code that arrives when the test says so. */
function screenCode(text: string) {
  let arrive: () => void = () => {};
  const load = vi.fn(
    () =>
      new Promise<() => ReactElement>((resolve) => {
        arrive = () => resolve(() => <p>{text}</p>);
      }),
  );
  return { load, arrive: () => arrive() };
}

const inSuspense = (node: ReactElement) => <Suspense fallback={<p>Loading the screen</p>}>{node}</Suspense>;

describe('lazyScreen', () => {
  it('shows the fallback until its code arrives, then the screen', async () => {
    const code = screenCode('Users');
    const Users = lazyScreen(code.load);
    render(inSuspense(<Users />));
    expect(screen.getByText('Loading the screen')).toBeInTheDocument();
    code.arrive();
    expect(await screen.findByText('Users')).toBeInTheDocument();
    expect(code.load).toHaveBeenCalledTimes(1);
  });

  it('draws a preloaded screen at once, without a fallback', async () => {
    const code = screenCode('Groups');
    const Groups = lazyScreen(code.load);
    const preloaded = Groups.preload();
    code.arrive();
    await preloaded;
    render(inSuspense(<Groups />));
    expect(screen.getByText('Groups')).toBeInTheDocument();
    expect(screen.queryByText('Loading the screen')).not.toBeInTheDocument();
  });

  it('tries a failed load again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<() => ReactElement>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValueOnce(() => <p>Roles</p>);
    const Roles = lazyScreen(load);
    await expect(Roles.preload()).rejects.toThrow('chunk gone');
    await Roles.preload();
    render(inSuspense(<Roles />));
    expect(screen.getByText('Roles')).toBeInTheDocument();
  });

  it('preloads the screens of every route that matches an address, and only those', async () => {
    const shell = screenCode('Shell');
    const users = screenCode('Users');
    const groups = screenCode('Groups');
    const tree: RouteObject[] = [
      {
        path: '/',
        Component: lazyScreen(shell.load),
        children: [
          { path: 'users', Component: lazyScreen(users.load) },
          { path: 'groups', Component: lazyScreen(groups.load) },
        ],
      },
    ];
    const done = preloadMatches(tree, '/users');
    expect(shell.load).toHaveBeenCalledTimes(1);
    expect(users.load).toHaveBeenCalledTimes(1);
    expect(groups.load).not.toHaveBeenCalled();
    shell.arrive();
    users.arrive();
    await expect(done).resolves.toBeUndefined();
  });
});
