import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { browserHistory } from '../core/browserHistory';
import { HistoryBlockingContext } from '../core/historyBlocking';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

export function App() {
  return (
    // The history package's types predate React Router 7's; the two agree on what the router uses.
    <HistoryRouter history={browserHistory as unknown as Parameters<typeof HistoryRouter>[0]['history']}>
      <HistoryBlockingContext value={browserHistory}>
        <ConsoleProviders>
          <AppRoutes />
        </ConsoleProviders>
      </HistoryBlockingContext>
    </HistoryRouter>
  );
}
