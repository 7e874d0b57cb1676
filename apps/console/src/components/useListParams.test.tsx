import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './useListParams';

function setup(initialEntry: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[initialEntry]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ params: useListParams(), location: useLocation() }), { wrapper });
}

describe('useListParams', () => {
  it('defaults to the first page of 10 without a search', () => {
    const { result } = setup('/users');
    expect(result.current.params).toMatchObject({ page: 0, pageSize: 10, search: '', offset: 0 });
  });

  it('reads a one-based page and a known page size from the URL', () => {
    const { result } = setup('/users?page=3&pageSize=25&search=ada');
    expect(result.current.params).toMatchObject({ page: 2, pageSize: 25, search: 'ada', offset: 50 });
  });

  it('ignores page sizes the tables do not offer', () => {
    const { result } = setup('/users?pageSize=7');
    expect(result.current.params.pageSize).toBe(10);
  });

  it('writes the page to the URL and starts again from page one on a new search', () => {
    const { result } = setup('/users');
    act(() => result.current.params.setPage(1));
    expect(result.current.location.search).toBe('?page=2');
    act(() => result.current.params.setSearch('ada'));
    expect(result.current.location.search).toBe('?search=ada');
    expect(result.current.params.page).toBe(0);
  });

  it('keeps filters and the sort in the URL, and starts again from page one when they change', () => {
    const { result } = setup('/users?page=3&status=Disabled');
    expect(result.current.params.param('status')).toBe('Disabled');
    expect(result.current.params.param('sort')).toBeUndefined();
    act(() => result.current.params.setParams({ sort: 'name', order: 'asc', status: undefined }));
    expect(result.current.location.search).toBe('?sort=name&order=asc');
    expect(result.current.params.page).toBe(0);
  });

  it('builds a change on the one asked for before it, even from a callback of the earlier render', () => {
    const { result } = setup('/users?search=ad');
    // The search field's pause ends while the filter's list is still loading: its callback is the
    // one of the render before the filter was picked.
    const { setSearch, setParams } = result.current.params;
    act(() => {
      setParams({ admin: 'true' });
      setSearch('ada');
    });
    expect(new URLSearchParams(result.current.location.search).get('admin')).toBe('true');
    expect(result.current.params.search).toBe('ada');
  });
});
