import { useCallback, useState } from 'react';

export const SIDEBAR_COLLAPSED_KEY = 'skyvault.sidebarCollapsed';

const readCollapsed = (): boolean => {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
};

/** Whether the sidebar is the mini rail; remembered across visits on this browser. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // Not remembered then; the toggle still works for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
