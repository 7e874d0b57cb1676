/**
 * DevOps seats: the users whose group's role takes a seat of the tenant's DevOps licence. Changes that
 * move users between groups or raise a role's level check them inside their own transaction.
 */
export { assertDevopsSeats, countDevopsSeatsInUse, withinDevopsSeats } from './seats.service.js';
