import {
  defaultPublicConfig,
  errorMessageText,
  eventCalendarOf,
  parsePublicConfig,
} from '@camp/shared/rules';
import type { PublicConfig } from '@camp/shared/config';
import type { EventCalendar } from '@camp/shared/rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient, ApiError } from '../../../lib/api-client';
import { configKeys } from './query-keys';

/** docs/product.md §8 Configuration texts. */
export const CONFIG_NETWORK_ERROR =
  'Cannot connect to API server - please check network connection or server status';
export const CONFIG_FALLBACK_ERROR = 'Failed to fetch configuration';

/** Thrown when the answer is not a camp configuration (maps to 'Failed to fetch configuration'). */
export class InvalidPublicConfigError extends Error {
  override readonly name = 'InvalidPublicConfigError';
}

export async function getPublicConfig({ signal }: { signal?: AbortSignal } = {}): Promise<PublicConfig> {
  const data = await apiClient.get('/public/config', { signal, skipAuthRefresh: true });
  const config = parsePublicConfig(data);
  if (!config) throw new InvalidPublicConfigError('The configuration response has an unexpected shape');
  return config;
}

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: configKeys.public(),
    queryFn: ({ signal }) => getPublicConfig({ signal }),
  });
}

/** The text docs/product.md §8 shows when the public configuration cannot be fetched. */
export function publicConfigErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network' || error.kind === 'timeout') return CONFIG_NETWORK_ERROR;
    if (error.kind === 'http') {
      if (error.serverMessage !== undefined && errorMessageText(error.serverMessage).trim() !== '') {
        return errorMessageText(error.serverMessage);
      }
      return `API Error (${error.status}): ${error.statusText || responseText(error.body) || 'Request failed'}`;
    }
  }
  return CONFIG_FALLBACK_ERROR;
}

// HTTP/2 answers have no status text; a short plain-text body is the next best description.
function responseText(body: unknown): string {
  if (typeof body !== 'string') return '';
  const text = body.trim();
  return text.length > 0 && text.length <= 200 && !text.startsWith('<') ? text : '';
}

export interface PublicConfigState {
  /** The fetched configuration, or the default one when it could not be fetched (docs/product.md §8). */
  config: PublicConfig;
  /** True until the first answer (or the final failure) arrives. */
  isLoading: boolean;
  /** True when `config` is the default because the fetch failed. */
  isFallback: boolean;
  /** The docs/product.md §8 text of the failure, or null. */
  error: string | null;
}

export function usePublicConfig(): PublicConfigState {
  const query = useQuery(publicConfigQueryOptions());
  const fallback = useMemo(() => defaultPublicConfig(), []);
  const error = query.error ? publicConfigErrorMessage(query.error) : null;
  return {
    config: query.data ?? fallback,
    isLoading: query.isPending,
    isFallback: query.data === undefined && !query.isPending,
    error: query.data === undefined ? error : null,
  };
}

/** The event's dates of the registration year (docs/product.md §11), or null when the camp has set none. */
export function useEventCalendar(): EventCalendar | null {
  const { config } = usePublicConfig();
  const openingSunday = config.openingSunday;
  return useMemo(() => eventCalendarOf({ openingSunday }), [openingSunday]);
}
