import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toLogin } from '../paths/links';
import { LOGGED_IN_KEY, setLoggedIn } from './loggedInFlag';

/**
 * Keeps the local "logged in" mark while the signed-in layout shows, and follows a logout made in
 * another tab: that tab cleared the mark, so this one goes to login too instead of failing call by call.
 */
export function useLoggedInMark(): void {
  const navigate = useNavigate();
  useEffect(() => {
    setLoggedIn();
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOGGED_IN_KEY && event.newValue === null) navigate(toLogin(), { replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);
}
