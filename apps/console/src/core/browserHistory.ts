import { createBrowserHistory } from 'history';

/**
 * The console's browser history, which its router navigates through (app/App.tsx): one that can hold a
 * navigation, as a form with unsaved changes asks before it is left (components/UnsavedChangesPrompt),
 * Back and Forward included. React Router holds navigations only in its data router, whose code would
 * be 15 KB brotli more in the login page's first load; this history is 2 KB.
 */
export const browserHistory = createBrowserHistory();
