import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { HistoryLink } from './HistoryLink';

describe('HistoryLink', () => {
  it("opens the Audit Log filtered to the item's type and id", () => {
    renderWithProviders(<HistoryLink resourceType="ip-range" resourceId="7c1a2b3c" />);
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/audit-log?resourceType=ip-range&resourceId=7c1a2b3c',
    );
  });
});
