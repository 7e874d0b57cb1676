/**
 * The words of log streams (Security → Log streams): field messages, toasts, confirmations and screen
 * texts, written once for both sides.
 */

export const LOG_STREAM_MESSAGES = {
  nameTaken: 'A log stream with this name already exists',
  typeRequired: 'Type is required',
  urlRequired: 'URL is required',
  urlInvalid: 'URL should be an https:// address',
  urlMaxLength: 'URL should be no more than 2048 characters long',
  urlNotAllowed: 'This address is in a private network that the server may not reach.',
  tokenRequired: 'HEC token is required',
  apiKeyRequired: 'API key is required',
  secretMaxLength: 'The value should be no more than 512 characters long',
  tagMaxLength: 'A tag should be no more than 100 characters long',
  tagPattern: 'A tag should contain only letters, digits and . _ - : /',
  storageRequired: 'Storage is required',
  storageNotFound: 'Storage not found.',
  storageNotCloud: 'Choose an Amazon S3 or Azure Blob storage',
  prefixMaxLength: 'Prefix should be no more than 200 characters long',
  prefixPattern: 'Prefix should contain only letters, digits and . _ - /',
  actionsMax: 'Too many event types',
  fromRequired: 'Date is required',
  fromFuture: 'Date should not be in the future',
  notFound: 'Log stream not found.',
  tooMany: 'A tenant may have at most 10 log streams. Delete one you no longer use first.',
  notPaused: 'Only a paused or suspended log stream can be resumed.',
  alreadyPaused: 'The log stream is paused already.',
} as const;

export const LOG_STREAM_TYPE_LABELS = {
  https: 'HTTPS (signed JSON)',
  splunk: 'Splunk HTTP Event Collector',
  datadog: 'Datadog logs',
  storage: 'Amazon S3 or Azure Blob storage',
} as const;

export const LOG_STREAM_STATE_LABELS = {
  active: 'Active',
  retrying: 'Retrying',
  paused: 'Paused',
  suspended: 'Suspended',
} as const;

export const LOG_STREAM_TEXTS = {
  screenTitle: 'Log streams',
  intro:
    "Log streams send every event of the audit log, sign-ins included, to your own SIEM or storage, in order and at least once. Each event carries its place in the audit log's hash chain, so the receiver can prove it got everything (see the event schema in the documentation).",
  add: 'Add log stream',
  addTitle: 'Add log stream',
  editTitle: 'Edit log stream',
  empty: 'No log streams yet. Add one to send your audit events to your SIEM or storage.',
  name: 'Name',
  type: 'Type',
  url: 'URL',
  splunkUrl: 'HEC URL',
  token: 'HEC token',
  datadogUrl: 'Intake URL',
  apiKey: 'API key',
  service: 'Service tag',
  source: 'Source tag',
  storage: 'Storage',
  prefix: 'Prefix',
  actions: 'Event types',
  allActions: 'All events',
  actionsHelp: 'None ticked: every event is sent.',
  keepSecret: 'Leave empty to keep the stored value',
  state: 'State',
  lag: 'Lag',
  lastError: 'Last error',
  nextTry: 'Next try',
  upToDate: 'Up to date',
  pause: 'Pause',
  resume: 'Resume',
  replay: 'Replay',
  replayTitle: 'Replay from a point in time',
  replayHelp:
    'Every event at or after this time is sent again, in order (the receiver may get some events twice; their ids tell repeats apart).',
  replayFrom: 'From',
  delete: 'Delete',
  deleteTitle: 'Delete log stream',
  deleteMessage: (name: string) => `Delete the log stream "${name}"? Events are no longer sent to it.`,
  createdToast: 'Log stream was successfully created',
  updatedToast: 'Log stream was successfully updated',
  deletedToast: 'Log stream was successfully deleted',
  pausedToast: 'Log stream was paused',
  resumedToast: 'Log stream was resumed',
  replayToast: 'Log stream will replay from the chosen time',
  secretTitle: 'Copy your signing secret',
  secretShownOnce:
    'This is the only time the signing secret is shown. The receiver verifies each request with it (Standard Webhooks).',
  done: 'Done',
  suspendedReason:
    'Deliveries failed for 24 hours; the stream was suspended. Resume it once the receiver works.',
} as const;
