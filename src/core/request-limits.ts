/**
 * How much of a request the service reads (docs/api.md#requests-the-service-will-not-read). Beyond
 * these, a request is refused with `bad_request` before any operation runs; the OpenAPI document
 * states the same numbers.
 */

/**
 * The longest request target (path and query), else 414. Room for a 10,000-character parameter
 * value, which the operation then refuses as its own 422 with the allowed values. Node refuses a
 * request line and headers above 16 KB together (`maxHeaderSize`) with 431 before this check runs.
 */
export const MAX_URL_LENGTH = 12 * 1024;

/** The longest `If-None-Match`, else 431: a list of some 60 of the service's entity tags. */
export const MAX_IF_NONE_MATCH_LENGTH = 2048;

/** "12 KB", for messages and documentation. */
export const MAX_URL_TEXT = `${MAX_URL_LENGTH / 1024} KB`;
