import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator, adminUser, memberUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { Sidebar } from './Sidebar';
import { SIDEBAR_COLLAPSED_KEY, useSidebarCollapsed } from './useSidebarCollapsed';

function DesktopSidebar() {
  const [collapsed, toggle] = useSidebarCollapsed();
  return (
    <Sidebar
      collapsed={collapsed}
      onToggleCollapsed={toggle}
      mobile={false}
      mobileOpen={false}
      onMobileClose={() => {}}
    />
  );
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });
const linkNames = () =>
  within(navigation())
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('Sidebar', () => {
  it('shows an administrator every group and link', () => {
    renderWithProviders(<DesktopSidebar />, { path: '/users', session: adminUser });
    for (const group of ['User Management', 'Environment', 'Security']) {
      expect(within(navigation()).getByRole('list', { name: group })).toBeInTheDocument();
    }
    expect(linkNames()).toEqual([
      '/licenses',
      '/users',
      '/roles',
      '/groups',
      '/connections',
      '/storages',
      '/applications',
      '/identity-providers',
      '/domains',
      '/ip-ranges',
      '/authentication',
      '/api-tokens',
      '/provisioning',
      '/webhooks',
      '/log-streams',
      '/approvals',
      '/security-overview',
      '/audit-log',
      '/mfa',
    ]);
    expect(within(navigation()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it("shows an administrator the links their roles open, an Auditor's reads included", () => {
    renderWithProviders(<DesktopSidebar />, {
      path: '/connections',
      session: administrator('EnvironmentAdministrator'),
    });
    expect(linkNames()).toEqual(['/licenses', '/connections', '/storages', '/approvals', '/mfa']);
  });

  it('shows an Auditor every screen an administrator reads', () => {
    renderWithProviders(<DesktopSidebar />, { path: '/users', session: administrator('Auditor') });
    expect(linkNames()).toHaveLength(19);
    expect(linkNames()).toContain('/audit-log');
  });

  it('shows other users only MFA Devices', () => {
    renderWithProviders(<DesktopSidebar />, { path: '/mfa', session: memberUser });
    expect(within(navigation()).getAllByRole('link')).toHaveLength(1);
    expect(within(navigation()).getByRole('link', { name: 'MFA Devices' })).toHaveAttribute('href', '/mfa');
    expect(within(navigation()).queryByRole('list', { name: 'User Management' })).not.toBeInTheDocument();
  });

  it('hides Storages when the tenant has no Backup', () => {
    renderWithProviders(<DesktopSidebar />, { session: { ...adminUser, services: ['devOps'] } });
    expect(within(navigation()).queryByRole('link', { name: 'Storages' })).not.toBeInTheDocument();
    expect(within(navigation()).getByRole('link', { name: 'Connections' })).toBeInTheDocument();
  });

  it('collapses to the icon rail and expands again, remembering the choice', () => {
    renderWithProviders(<DesktopSidebar />);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
    expect(within(navigation()).queryByText('User Management')).not.toBeInTheDocument();
    expect(within(navigation()).queryByText('Users')).not.toBeInTheDocument();
    // The labels stay as the links' accessible names (and tooltips).
    expect(within(navigation()).getByRole('link', { name: 'Users' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
    expect(within(navigation()).getByText('User Management')).toBeInTheDocument();
  });

  it('starts collapsed when it was left collapsed', () => {
    localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
    renderWithProviders(<DesktopSidebar />);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });
});
