/** A tenant's log streams: its audit events sent to its SIEM or storage (docs/log-streams.md). */
export {
  createLogStreamDelivery,
  DEFAULT_LOG_STREAM_SCHEDULE,
  type LogStreamDelivery,
  type LogStreamSchedule,
} from './log-stream-delivery.js';
export { logStreamRoutes } from './log-streams.routes.js';
export { createLogStreamService, type LogStreamService } from './log-streams.service.js';
export { suspendedStreamNotice } from './suspended-notice.js';
