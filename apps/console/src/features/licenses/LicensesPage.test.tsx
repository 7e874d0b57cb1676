import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LicensesPage } from './LicensesPage';
import { licensesRoutes } from './licenses.routes';

const noLicense = { body: { state: 'No License' } };

function openPage(search = '', services = adminUser.services) {
  const fetchMock = stubFetch({
    'GET /api/v1/licenses/state/dbr': noLicense,
    'GET /api/v1/licenses/state/devops': noLicense,
  });
  const rendered = renderWithProviders(<LicensesPage />, {
    path: '/licenses',
    session: { ...adminUser, services },
  });
  if (search) void rendered.router.navigate(`/licenses${search}`);
  return { ...rendered, fetchMock };
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('LicensesPage', () => {
  it('has a tab per enabled service, the first one open', async () => {
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Licenses' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Backup & Archive', 'DevOps']);
    expect(selectedTab()).toHaveTextContent('Backup & Archive');
    expect(screen.getByRole('tabpanel', { name: 'Backup & Archive' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'START FREE TRIAL' })).toBeInTheDocument();
  });

  it('keeps the tab in the URL', async () => {
    const { router, fetchMock } = openPage('?tab=devops');
    await waitFor(() => expect(selectedTab()).toHaveTextContent('DevOps'));
    await screen.findByRole('button', { name: 'START FREE TRIAL' });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/licenses/state/devops');

    fireEvent.click(screen.getByRole('tab', { name: 'Backup & Archive' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=backup'));
    expect(selectedTab()).toHaveTextContent('Backup & Archive');
  });

  it('shows only the services the tenant has', async () => {
    openPage('?tab=backup', ['devOps']);
    await waitFor(() => expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['DevOps']));
    expect(selectedTab()).toHaveTextContent('DevOps');
  });

  it('explains an organization without services', () => {
    openPage('', []);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('No services are enabled for your organization')).toBeInTheDocument();
  });
});

describe('/licenses/{licenseName}', () => {
  const follow = (path: string) => {
    const router = createMemoryRouter(
      [...licensesRoutes.filter((route) => route.id === 'licenses.show'), { path: '*', element: null }],
      { initialEntries: [path] },
    );
    render(<RouterProvider router={router} />);
    return router;
  };

  it.each([
    ['/licenses/backup', '?tab=backup'],
    ['/licenses/devops', '?tab=devops'],
    ['/licenses/DevOps', '?tab=devops'],
    ['/licenses/dbr', '?tab=backup'],
    ['/licenses/unknown', ''],
  ])('%s opens the licences on %j', async (path, search) => {
    const router = follow(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/licenses'));
    expect(router.state.location.search).toBe(search);
  });
});
