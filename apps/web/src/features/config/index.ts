export {
  CONFIG_FALLBACK_ERROR,
  CONFIG_NETWORK_ERROR,
  getPublicConfig,
  publicConfigErrorMessage,
  publicConfigQueryOptions,
  usePublicConfig,
  type PublicConfigState,
} from './api/get-public-config';
export { configKeys } from './api/query-keys';
