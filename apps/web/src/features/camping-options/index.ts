// The camping-options feature's public surface: the catalog other areas read (the wizard). Screens (routes/)
// are lazy-loaded by the router.
export { campingOptionsQueryOptions } from './api/get-camping-options';
export { campingOptionKeys } from './api/query-keys';
