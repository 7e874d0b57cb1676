import type { RouteObject } from 'react-router';
import { listPositionOf } from '../../components/useListParams';
import { earlyReadOf, type ScreenHandle } from '../../core/api/earlyReads';
import { lazyScreen } from '../../core/lazyScreen';
import { routes } from '../../core/paths/routes';
import { usersPageQuery, usersQuery } from './users.queries';
import { userListQueryOf } from './useUserListFilters';

/** The list page a cold open of the Users screen shows first, asked beside the screen's code. */
const usersHandle: ScreenHandle = {
  earlyRead: ({ search }) =>
    earlyReadOf(usersQuery(usersPageQuery(listPositionOf(search), userListQueryOf(search)))),
};

export const usersRoutes: RouteObject[] = [
  {
    id: 'users.index',
    path: routes['users.index'],
    Component: lazyScreen(() => import('./UsersPage').then((module) => module.UsersPage)),
    handle: usersHandle,
  },
  {
    id: 'users.show',
    path: routes['users.show'],
    Component: lazyScreen(() => import('./UserPage').then((module) => module.UserPage)),
  },
];
