import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { ConsoleProviders } from './ConsoleProviders';
import { appRoutes } from './router';

/**
 * A data router, so that a form with unsaved changes can hold a navigation until the user decides
 * (useBlocker, components/useUnsavedChanges). The providers sit inside it: the error handler navigates.
 */
const router = createBrowserRouter([
  {
    element: (
      <ConsoleProviders>
        <Outlet />
      </ConsoleProviders>
    ),
    children: appRoutes,
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
