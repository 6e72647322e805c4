// The config feature's public surface: the public configuration every screen reads (Home's shell imports it,
// so keep it small). The admin screen (routes/) is lazy-loaded by the router.
export {
  CONFIG_FALLBACK_ERROR,
  CONFIG_NETWORK_ERROR,
  getPublicConfig,
  publicConfigErrorMessage,
  publicConfigQueryOptions,
  useEventCalendar,
  usePublicConfig,
  type PublicConfigState,
} from './api/get-public-config';
export { configKeys } from './api/query-keys';
