import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchField } from './SearchField';

describe('SearchField', () => {
  it("shows 'Search for value' unless told otherwise", () => {
    render(<SearchField value="" onSearch={vi.fn()} />);
    expect(screen.getByPlaceholderText('Search for value')).toBeInTheDocument();
  });

  it('searches once, 500 ms after the last keystroke', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchField value="" onSearch={onSearch} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });

    fireEvent.input(input, { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.input(input, { target: { value: 'ada' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ada');
  });

  it('clears at once', () => {
    const onSearch = vi.fn();
    render(<SearchField value="ada" onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });
});
