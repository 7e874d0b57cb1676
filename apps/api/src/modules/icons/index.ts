/** Uploaded icons (identity providers' buttons), sanitized and served. */
export { iconRoutes } from './icons.routes.js';
export { createIconService, type IconService } from './icons.service.js';
