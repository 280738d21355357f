import { CLIENT_REQUEST_HEADER, type ApiErrorBody } from '../errors.ts';
import { REQUEST_RETRIES } from '../rules/constants.ts';
import { isRetryableStatus, retryDelay } from '../rules/retry.ts';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './idempotency-key.ts';
import { contractPath, splitKey, type ApiAnswer, type ApiInput, type ContractKey, type Empty } from './contract.ts';

/** An answer of the API with a 4xx or 5xx status; `body` is the server's `{ error, message, ...details }`. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message || `The API answered ${status}`);
    this.status = status;
    this.body = body;
  }

  get code(): ApiErrorBody['error'] {
    return this.body.error;
  }
}

/** Spec §6/§8: the server asks for a member (a visitor, or a session that ended), so the page invites to log in. */
export function isLoginRequired(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 403 && error.body.authentication_required === true;
}

/** The API could not be reached (offline, DNS, connection reset), also after every retry. */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';

  constructor(options?: { cause?: unknown }) {
    super('The API could not be reached', options);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** How one call is sent (its input is the contract's). */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's number of retries for this request. */
  retries?: number;
  /** The write's `Idempotency-Key`; by default a new one per call of a write method. */
  idempotencyKey?: string;
}

interface RequestOptions extends CallOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
}

/** The arguments of a call: the input may be left out when nothing in it is required. */
export type CallArgs<K extends ContractKey> =
  Empty extends ApiInput<K>
    ? [input?: ApiInput<K>, options?: CallOptions]
    : [input: ApiInput<K>, options?: CallOptions];

export interface ApiClientOptions {
  /** The network boundary; tests pass a fake. Defaults to the global fetch. */
  fetch?: typeof globalThis.fetch;
  /** Prefix of every path; '' (same origin) by default. */
  baseUrl?: string;
  /** Waits between retries; tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Source of jitter for the retry delay, 0..1. */
  random?: () => number;
  /** Makes the idempotency key of each write; tests pass a predictable one. */
  newKey?: () => string;
  /** Retries after the first attempt, on network errors and 5xx only (spec §7: 5). */
  retries?: number;
  /** Called when the server answers 403 with `authentication_required` (spec §8): the member is logged out. */
  onAuthenticationRequired?: (body: ApiErrorBody) => void;
  /** Called when the server answers that the member is banned or suspended: the client shows /pages/ban. */
  onBanned?: (body: ApiErrorBody) => void;
}

export interface ApiClient {
  /**
   * Calls the route whose contract (schemas/api/contracts/) has this key, `'METHOD path'`: path
   * parameters from `input.params`, `input.query` in the address, `input.body` as JSON, each typed by
   * the contract. The answer's type is the contract's response; the server serialised it through
   * that schema, so it is not parsed again here.
   */
  call<K extends ContractKey>(key: K, ...args: CallArgs<K>): Promise<ApiAnswer<K>>;
}

/** The answers of a banned or suspended member's session (which ended with that request). */
const BANNED_CODES = new Set<string>(['account_banned', 'account_suspended']);

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The JSON API client of every island. Marks requests as the client's own (the server requires the
 * header on writes), sends cookies on the same origin, and retries with exponential delay when the
 * network or the server failed, never when the request itself was refused (4xx). Every write carries
 * one `Idempotency-Key` for all its attempts, so a retry after a lost answer never acts twice; while
 * the first attempt still runs on the server (409 `idempotency_key_in_progress`), it asks again.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const baseUrl = options.baseUrl ?? '';
  const newKey = options.newKey ?? newIdempotencyKey;

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const retries = init.retries ?? options.retries ?? REQUEST_RETRIES;
    const headers: Record<string, string> = { accept: 'application/json', [CLIENT_REQUEST_HEADER]: '1' };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers[IDEMPOTENCY_KEY_HEADER] = init.idempotencyKey ?? newKey();
    const requestInit: RequestInit = {
      method,
      headers,
      credentials: 'same-origin',
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    };
    const url = baseUrl + path + queryString(init.query);

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetchImpl(url, requestInit);
      } catch (error) {
        if (init.signal?.aborted || isAbort(error)) throw error;
        if (attempt >= retries) throw new ApiNetworkError({ cause: error });
        await sleep(retryDelay(attempt + 1, random()));
        continue;
      }
      if (isRetryableStatus(response.status) && attempt < retries && !init.signal?.aborted) {
        // The body of a failed attempt is not read; release it without waiting.
        response.body?.cancel().catch(() => undefined);
        await sleep(retryDelay(attempt + 1, random()));
        continue;
      }
      const text = await response.text();
      if (response.status === 409 && attempt < retries && !init.signal?.aborted && inProgress(text)) {
        await sleep(retryDelay(attempt + 1, random()));
        continue;
      }
      return readAnswer(response, text, options) as T;
    }
  }

  return {
    call: <K extends ContractKey>(key: K, ...[input, init]: CallArgs<K>) => {
      const { params, query, body } = (input ?? {}) as {
        params?: Record<string, string | number>;
        query?: Query;
        body?: unknown;
      };
      const { method, path } = splitKey(key);
      return request<ApiAnswer<K>>(method, contractPath(path, params), {
        ...init,
        ...(query !== undefined ? { query } : {}),
        ...(body !== undefined ? { body } : {}),
      });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The server still runs the first attempt of this write. */
function inProgress(text: string): boolean {
  const json = parseJson(text);
  return isErrorBody(json) && json.error === 'idempotency_key_in_progress';
}

function readAnswer(
  response: Response,
  text: string,
  { onAuthenticationRequired, onBanned }: Pick<ApiClientOptions, 'onAuthenticationRequired' | 'onBanned'>,
) {
  const json = parseJson(text);
  if (response.ok) {
    if (text && json === undefined) {
      throw new ApiRequestError(response.status, {
        error: 'internal',
        message: 'The API answered with something other than JSON',
      });
    }
    return json;
  }
  const body = isErrorBody(json)
    ? json
    : ({ error: response.status === 404 ? 'not_found' : 'internal', message: response.statusText } as ApiErrorBody);
  if (response.status === 403 && body.authentication_required === true) onAuthenticationRequired?.(body);
  if (response.status === 403 && BANNED_CODES.has(body.error)) onBanned?.(body);
  throw new ApiRequestError(response.status, body);
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
