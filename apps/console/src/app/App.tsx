import { BrowserRouter } from 'react-router';
import { ConsoleProviders } from './ConsoleProviders';
import { AppRoutes } from './router';

export function App() {
  return (
    <BrowserRouter>
      <ConsoleProviders>
        <AppRoutes />
      </ConsoleProviders>
    </BrowserRouter>
  );
}
