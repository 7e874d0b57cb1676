import { zodResolver } from '@hookform/resolvers/zod';
import { type Application, type ApplicationForm, applicationFormSchema } from '@skyvault/contract';
import type { z } from 'zod';

/** The edit screen's values: exactly what PATCH /v1/applications/:id takes (lifetimes in milliseconds). */
export type ApplicationFormValues = ApplicationForm;
export type ApplicationFormOutput = z.output<typeof applicationFormSchema>;

export const applicationResolver = zodResolver(applicationFormSchema);

/** The edit form filled from the app as loaded; copies the lists so that editing never touches the cache. */
export const applicationFormValues = (application: Application): ApplicationFormValues => ({
  name: application.name,
  shared: application.shared,
  data: {
    oauth: {
      allowedFlows: [...application.data.oauth.allowedFlows],
      allowedScopes: [...application.data.oauth.allowedScopes],
      authorizedCallbackURLs: [...application.data.oauth.authorizedCallbackURLs],
      authorizedSignOutURLs: [...application.data.oauth.authorizedSignOutURLs],
    },
    authorizationPolicy: { ...application.data.authorizationPolicy },
  },
});

/** SPEC.md §2: Save is enabled only once the name is longer than 3 characters (the rule's minimum is 4). */
export const nameLongEnough = (name: string | undefined): boolean => (name ?? '').trim().length > 3;

/** Under the name until there is an error: the application name rules of SPEC.md §5, in short. */
export const APPLICATION_NAME_HINT = '4 to 64 letters, digits, spaces, "-" or "_"';
