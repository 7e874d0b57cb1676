import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { TopBar } from './TopBar';

describe('TopBar', () => {
  it("shows who is signed in and the tenant's name, not its id", async () => {
    stubFetch({
      'GET /api/v1/brand': { body: { brand: 'skyvault' } },
      'GET /api/v1/links': { body: {} },
    });
    renderWithProviders(<TopBar />);
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent(adminUser.email);
    expect(header).toHaveTextContent(adminUser.tenant.name);
    expect(header).not.toHaveTextContent(adminUser.tenant.id);
    expect(await screen.findByRole('link', { name: 'Skyvault home' })).toBeInTheDocument();
  });
});
