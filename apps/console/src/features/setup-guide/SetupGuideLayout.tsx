import { Outlet } from 'react-router';
import { SetupGuide } from './SetupGuide';

/** The landing screen with the setup guide above it (the router places it around the licences). */
export function SetupGuideLayout() {
  return (
    <>
      <SetupGuide />
      <Outlet />
    </>
  );
}
