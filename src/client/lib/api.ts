import { TOTAL_CAPPED_HEADER } from '@shared/contracts/common';
import { type ApiErrorBody, type ErrorCode, WORKSPACE_HEADER } from '@shared/errors';

/** The one HTTP client. Sends cookies and JSON; any non-OK answer becomes an ApiError. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | undefined,
    readonly fields: Record<string, string> | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function withParams(url: string, params?: QueryParams): string {
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = JSON.parse(text) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const message = body?.message ?? (text || response.statusText);
  return new ApiError(response.status, message, body?.code, body?.fields);
}

let shownWorkspace: string | undefined;
let workspaceChanged: ((sentFor: string | undefined) => void) | undefined;

/**
 * The workspace this tab shows, sent with every request: if another tab switched the session to
 * another workspace, the server refuses (WORKSPACE_CHANGED) instead of acting there.
 */
export function setShownWorkspace(organizationId: string | undefined): void {
  shownWorkspace = organizationId;
}

/** The workspace this tab shows (the signed-in user's active organization), or undefined when signed out. */
export function shownWorkspaceId(): string | undefined {
  return shownWorkspace;
}

/**
 * What to do when the server says the session's workspace is no longer the one shown. The handler
 * gets the workspace the refused request was sent for: a request of a workspace this tab itself
 * has just left is expected to be refused and needs no reload.
 */
export function onWorkspaceChanged(handler: (sentFor: string | undefined) => void): void {
  workspaceChanged = handler;
}

export async function apiFetch(method: string, url: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { ...extraHeaders };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const sentFor = shownWorkspace;
  if (sentFor) headers[WORKSPACE_HEADER] = sentFor;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'WORKSPACE_CHANGED') workspaceChanged?.(sentFor);
    throw error;
  }
  return response;
}

/** `headers` adds request headers, e.g. an Idempotency-Key that makes a retried write safe. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await apiFetch(method, url, body, headers);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** There are more than `total` (a large filtered list counts only so far: TOTAL_CAPPED_HEADER). */
  capped?: boolean;
}

/** A paginated list: the array body plus the X-Total-Count header (and whether it is a lower bound). */
export async function apiList<T>(url: string, params?: QueryParams): Promise<Page<T>> {
  const response = await apiFetch('GET', withParams(url, params));
  const items = (await response.json()) as T[];
  const total = Number(response.headers.get('X-Total-Count') ?? items.length);
  return response.headers.get(TOTAL_CAPPED_HEADER) === 'true' ? { items, total, capped: true } : { items, total };
}
