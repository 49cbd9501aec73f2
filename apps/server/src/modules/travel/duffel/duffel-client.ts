import type { Duffel } from '@duffel/api';
import type { ApiResponseError } from '@duffel/api/types';
import { TravelProviderError, type TravelProviderErrorKind } from '../travel-provider';

export type DuffelLogger = { warn: (details: Record<string, unknown>, message: string) => void };

export type DuffelClientOptions = {
  accessToken: string;
  /** https://api.duffel.com, or a local fake. */
  apiUrl: string;
  log: DuffelLogger;
  /** How long one call may take before it is given up on (default 20 s: searches are slow). */
  timeoutMs?: number;
};

export const duffelMessages = {
  busy: 'Duffel is rate limiting our requests. Please try again in a minute.',
  unavailable: 'Duffel is unavailable right now. Please try again later.',
  timedOut: 'Duffel did not answer in time. Please try again.',
} as const;

/** A Duffel error answer, as a provider error that keeps Duffel's own codes for the adapter. */
export class DuffelCallError extends TravelProviderError {
  constructor(
    kind: TravelProviderErrorKind,
    message: string,
    readonly status: number | undefined,
    readonly codes: string[],
  ) {
    super(kind, message);
    this.name = 'DuffelCallError';
  }
}

type SdkError = { errors?: ApiResponseError[]; status?: number; meta?: { request_id?: string } };

/**
 * What a Duffel answer means for the caller: 429 is `busy`; Duffel's own `price_changed` and
 * `offer_no_longer_available` codes keep their meaning; a bad token, a 5xx or no answer at all
 * is `unavailable`; any other 4xx is `rejected` with Duffel's message (404s are decided by the
 * caller, who knows what was looked up).
 */
function kindOf(status: number | undefined, errors: ApiResponseError[]): TravelProviderErrorKind {
  const codes = new Set(errors.map((error) => error.code));
  const types = new Set(errors.map((error) => error.type));
  if (status === 429 || types.has('rate_limit_error')) return 'busy';
  if (codes.has('price_changed')) return 'price_changed';
  if (codes.has('offer_no_longer_available') || codes.has('offer_expired')) return 'sold_out';
  if (status === undefined || status >= 500 || status === 401 || status === 403) {
    return 'unavailable';
  }
  return 'rejected';
}

/**
 * The official Duffel client, loaded on first use (it replaces `process.env` with a copy when
 * imported, which nothing should pay for unless Duffel is configured), every call bounded in
 * time and its failures turned into `TravelProviderError`s. The token never leaves the client:
 * errors and logs carry Duffel's codes and request id only.
 */
export function createDuffelClient(options: DuffelClientOptions) {
  const timeoutMs = options.timeoutMs ?? 20_000;
  let client: Promise<{ duffel: Duffel; isDuffelError: (error: unknown) => boolean }> | undefined;
  const load = () =>
    (client ??= import('@duffel/api').then(({ Duffel: Client, DuffelError }) => ({
      duffel: new Client({ token: options.accessToken, basePath: options.apiUrl, source: 'vowa' }),
      isDuffelError: (error: unknown) => error instanceof DuffelError,
    })));

  function translate(error: unknown, what: string, isDuffelError: (error: unknown) => boolean) {
    if (error instanceof TravelProviderError) return error;
    if (!isDuffelError(error)) {
      options.log.warn({ what, reason: (error as Error)?.message }, 'Duffel could not be reached');
      return new DuffelCallError('unavailable', duffelMessages.unavailable, undefined, []);
    }
    const { errors = [], status, meta } = error as SdkError;
    const kind = kindOf(status, errors);
    const codes = errors.map((entry) => entry.code);
    if (kind === 'unavailable' || kind === 'busy') {
      options.log.warn({ what, status, codes, requestId: meta?.request_id }, 'Duffel call failed');
    }
    const message =
      kind === 'busy'
        ? duffelMessages.busy
        : kind === 'unavailable'
          ? duffelMessages.unavailable
          : (errors[0]?.message ?? errors[0]?.title ?? duffelMessages.unavailable);
    return new DuffelCallError(kind, message, status, codes);
  }

  /** Runs one SDK call; `what` names it in the logs. */
  async function call<T>(what: string, work: (duffel: Duffel) => Promise<{ data: T }>) {
    return (await answerOf(what, work)).data;
  }

  /** One page of a list call: its items and Duffel's `meta.after` cursor (null on the last). */
  async function page<T>(
    what: string,
    work: (duffel: Duffel) => Promise<{ data: T[]; meta?: { after?: string | null } }>,
  ): Promise<{ data: T[]; after: string | null }> {
    const answer = await answerOf(what, work);
    return { data: answer.data, after: answer.meta?.after ?? null };
  }

  async function answerOf<A extends { data: unknown }>(
    what: string,
    work: (duffel: Duffel) => Promise<A>,
  ): Promise<A> {
    const { duffel, isDuffelError } = await load();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new DuffelCallError('unavailable', duffelMessages.timedOut, undefined, [])),
        timeoutMs,
      );
    });
    try {
      return await Promise.race([work(duffel), timeout]);
    } catch (error) {
      throw translate(error, what, isDuffelError);
    } finally {
      clearTimeout(timer);
    }
  }

  return { call, page };
}

export type DuffelClient = ReturnType<typeof createDuffelClient>;

/** Whether a failed call was Duffel saying the thing looked up does not exist. */
export const isNotFound = (error: unknown) =>
  error instanceof DuffelCallError && (error.status === 404 || error.codes.includes('not_found'));
