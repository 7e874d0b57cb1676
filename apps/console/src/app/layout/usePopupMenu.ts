import { type MouseEvent, useCallback, useId, useState } from 'react';

/**
 * State of a top-bar menu whose code loads on demand: the code is fetched when the pointer or focus
 * reaches the button, the menu mounts on the first click and stays mounted so closing can animate.
 */
export function usePopupMenu(preload: () => Promise<unknown>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  const id = useId();
  const close = useCallback(() => setAnchor(null), []);

  const buttonProps = {
    'aria-controls': anchor ? id : undefined,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onClick: (event: MouseEvent<HTMLElement>) => {
      setMounted(true);
      setAnchor(event.currentTarget);
    },
  };

  return { id, anchor, mounted, close, buttonProps };
}
