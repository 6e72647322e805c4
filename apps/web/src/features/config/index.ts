export {
  CONFIG_FALLBACK_ERROR,
  CONFIG_NETWORK_ERROR,
  getPublicConfig,
  publicConfigErrorMessage,
  publicConfigQueryKey,
  publicConfigQueryOptions,
  usePublicConfig,
  type PublicConfigState,
} from './api/get-public-config';
