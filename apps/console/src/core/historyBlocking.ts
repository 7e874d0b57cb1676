import type { History } from 'history';
import { createContext } from 'react';
import type { unstable_HistoryRouter as HistoryRouter } from 'react-router';

/**
 * The history that can hold a navigation, where the app runs on it (app/App.tsx); none under the unit
 * tests' memory routers, where a form keeps its reload guard only.
 */
export type BlockingHistory = Pick<History, 'block' | 'listen'>;

export const HistoryBlockingContext = createContext<BlockingHistory | null>(null);

/** A history for React Router's HistoryRouter: the history package's types predate React Router 7's. */
export const forRouter = (history: History) =>
  history as unknown as Parameters<typeof HistoryRouter>[0]['history'];
