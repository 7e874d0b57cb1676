import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UserPermissionsCard } from './UserPermissionsCard';

const userId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const connectionId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('UserPermissionsCard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the group role grants per service and connection', async () => {
    stubFetch({
      [`GET /api/v1/users/${userId}/permissions`]: {
        body: {
          userId,
          roleId: '1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b',
          groupId: '2c3d4e5f-6071-4829-8b1c-2d3e4f5a6b7c',
          backup: {
            licensed: true,
            connections: [
              {
                id: connectionId,
                name: 'Prod org',
                backupAndArchive: true,
                restore: false,
                export: true,
                appSettings: false,
              },
            ],
          },
          devOps: { level: 'read', pullRequests: 'Read', pipelines: 'ReadAndExecute', connections: [] },
        },
      },
    });
    renderWithProviders(<UserPermissionsCard userId={userId} />);
    expect(await screen.findByText('Prod org: Backup & Archive, Export')).toBeInTheDocument();
    expect(screen.getByText('Licence: Read access')).toBeInTheDocument();
    expect(screen.getByText('Pipelines: Pipeline executions')).toBeInTheDocument();
  });

  it('says when the user has no group role', async () => {
    stubFetch({
      [`GET /api/v1/users/${userId}/permissions`]: {
        body: {
          userId,
          roleId: null,
          groupId: null,
          backup: { licensed: false, connections: [] },
          devOps: null,
        },
      },
    });
    renderWithProviders(<UserPermissionsCard userId={userId} />);
    expect(await screen.findByText(/no access to the services/)).toBeInTheDocument();
  });
});
