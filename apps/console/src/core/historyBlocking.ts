import type { History } from 'history';
import { createContext } from 'react';

/**
 * The history that can hold a navigation, where the app runs on it (app/App.tsx); none under the unit
 * tests' memory routers, where a form keeps its reload guard only.
 */
export type BlockingHistory = Pick<History, 'block' | 'listen'>;

export const HistoryBlockingContext = createContext<BlockingHistory | null>(null);
