import type { Transition } from 'history';
import { useContext, useEffect, useRef, useState } from 'react';
import { type Location, useLocation } from 'react-router';
import { type BlockingHistory, HistoryBlockingContext } from '../core/historyBlocking';
import { DiscardChangesDialog } from './DiscardChangesDialog';

/** The navigation state of a page that leaves because it saved: no changes are dropped, nothing to ask. */
export const AFTER_SAVE = { afterSave: true } as const;
const isAfterSave = (location: Location) =>
  (location.state as Partial<typeof AFTER_SAVE> | null)?.afterSave === true;

/**
 * A page form's guard, rendered in the form: while `when` (unsaved changes) holds, leaving for another
 * screen (a link, Cancel, the browser's Back) asks 'Discard unsaved changes?' first, and a reload or a
 * closed tab gets the browser's own question (beforeunload). A change of the query alone (a product
 * tab) stays on the form and is not asked about, nor is the page's own move after a save (AFTER_SAVE,
 * which useLeaveWithToast sends). Every page form uses this one component.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  // The console's history holds navigations (app/App.tsx); while it does, the browser's own history
  // also asks before a reload or a closed tab (its `block` adds the beforeunload question). Under a
  // plain memory router (some unit tests of the routes) there is nothing to hold with.
  const history = useContext(HistoryBlockingContext);
  return history ? <NavigationPrompt when={when} history={history} /> : null;
}

/**
 * While `when` holds, every navigation is held (history.block): one that stays on this screen (the
 * query alone changes) or that a save sends (AFTER_SAVE) goes on at once, any other waits for the
 * answer to 'Discard unsaved changes?'.
 */
function NavigationPrompt({ when, history }: { when: boolean; history: BlockingHistory }) {
  const { pathname } = useLocation();
  const here = useRef(pathname);
  here.current = pathname;
  const [held, setHeld] = useState<Transition | null>(null);
  const release = useRef(() => {});

  useEffect(() => {
    if (!when) return;
    let active = true;
    const unblock = () => release.current();
    const hold = () => {
      release.current = history.block((transition) => {
        if (transition.location.pathname !== here.current && !isAfterSave(transition.location)) {
          setHeld(transition);
          return;
        }
        unblock();
        if (transition.action === 'POP') {
          // Back or Forward lands asynchronously; hold again once it has.
          const stop = history.listen(() => {
            stop();
            if (active) hold();
          });
          transition.retry();
        } else {
          transition.retry();
          hold();
        }
      });
    };
    hold();
    return () => {
      active = false;
      unblock();
    };
  }, [when, history]);

  return (
    <DiscardChangesDialog
      open={held !== null}
      onDiscard={() => {
        const transition = held;
        setHeld(null);
        if (!transition) return;
        // Past the guard for good: the screen is left.
        release.current();
        transition.retry();
      }}
      onKeepEditing={() => setHeld(null)}
    />
  );
}
