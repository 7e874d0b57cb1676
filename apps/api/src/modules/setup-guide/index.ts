/**
 * The setup guide on a new organization's first screen: which steps are done (read from each step's
 * own module in one statement) and whether an administrator hid it.
 */
export { setupGuideRoutes } from './setup-guide.routes.js';
export { createSetupGuideService, type SetupGuideService } from './setup-guide.service.js';
