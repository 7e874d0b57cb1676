import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { DataTable, type DataTableColumn } from './DataTable';
import { RouterLink } from './RouterLink';

interface App {
  id: string;
  name: string;
  clientId: string;
}

const columns: DataTableColumn<App>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (app) => <RouterLink to={`/applications/${app.id}`}>{app.name}</RouterLink>,
  },
  { key: 'clientId', header: 'Client Id' },
];

const apps: App[] = [
  { id: 'a1', name: 'Billing', clientId: 'client-1' },
  { id: 'a2', name: 'Reports', clientId: 'client-2' },
];

function renderTable(props: Partial<Parameters<typeof DataTable<App>>[0]> = {}) {
  const onPageChange = vi.fn();
  renderWithProviders(
    <DataTable
      ariaLabel="Connected Apps"
      columns={columns}
      rows={apps}
      getRowId={(app) => app.id}
      total={23}
      page={0}
      onPageChange={onPageChange}
      {...props}
    />,
  );
  return { onPageChange };
}

describe('DataTable', () => {
  it('renders one row per item, with links in name cells', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Connected Apps' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3); // header and two rows
    expect(within(rows[1]!).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/applications/a1',
    );
    expect(within(rows[2]!).getByText('client-2')).toBeInTheDocument();
  });

  it('gives every data cell its column name for the phone layout, hidden from screen readers', () => {
    renderTable();
    const [, billing] = within(screen.getByRole('table', { name: 'Connected Apps' })).getAllByRole('row');
    const cells = within(billing!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['NameBilling', 'Client Idclient-1']);
    for (const [index, header] of ['Name', 'Client Id'].entries()) {
      const label = within(cells[index]!).getByText(header);
      expect(label).toHaveAttribute('aria-hidden', 'true');
    }
    // What assistive technology reads: the value alone, the column header naming it.
    expect(cells[1]).toHaveAccessibleName('client-1');
    expect(within(billing!).getByText('client-1')).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Name',
      'Client Id',
    ]);
  });

  it("says 'No data available' when there are no rows", () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  it('shows placeholder rows, not the empty text, while the first page loads', () => {
    renderTable({ rows: [], total: 0, loading: true });
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Connected Apps' })).toHaveAttribute('aria-busy', 'true');
  });

  it('pages on the server: 10 a page by default, next and previous report the page', () => {
    const { onPageChange } = renderTable();
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('goes back from a later page', () => {
    const { onPageChange } = renderTable({ page: 2 });
    expect(screen.getByText('21–23 of 23')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });
});
