import { unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { browserHistory } from '../core/browserHistory';
import { forRouter, HistoryBlockingContext } from '../core/historyBlocking';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

export function App() {
  return (
    <HistoryRouter history={forRouter(browserHistory)}>
      <HistoryBlockingContext value={browserHistory}>
        <ConsoleProviders>
          <AppRoutes />
        </ConsoleProviders>
      </HistoryBlockingContext>
    </HistoryRouter>
  );
}
