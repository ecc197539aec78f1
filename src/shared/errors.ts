/** Error codes shared by the API and the UI. Every JSON error is { message, code, fields? }. */
export const errorStatus = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A statement file names another account than the one it is imported into (import again with confirmAccount). */
  STATEMENT_OTHER_ACCOUNT: 409,
  /** The request was made for another workspace than the session's active one (switched in another tab). */
  WORKSPACE_CHANGED: 409,
  /** The origin bank account's ACH profile lacks what a bank needs; the message names every item. */
  ACH_PROFILE_INCOMPLETE: 409,
  /** The run's ACH file was exported before; export again only with confirmRepeat=true (pays twice if both are uploaded). */
  ACH_ALREADY_EXPORTED: 409,
  /** A live entry's vendor has a prenote pending or settled less than three banking days before the file's date (NACHA 2.6.3). */
  ACH_PRENOTE_WAITING: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/**
 * The header a signed-in page sends with the workspace it shows. It is never the source of the
 * tenant (the session is); a mismatch means another tab switched workspace, and the request is
 * refused with WORKSPACE_CHANGED before it can act on the wrong organization.
 */
export const WORKSPACE_HEADER = 'x-workspace-id';

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  fields?: Record<string, string>;
}
