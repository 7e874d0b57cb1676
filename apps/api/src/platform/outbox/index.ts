export {
  createOutbox,
  DEFAULT_SCHEDULE,
  type MailOutbox,
  type Outbox,
  RETENTION,
  retryDelay,
} from './outbox.js';
export { purgeSettled, readBacklog } from './outbox.repository.js';
