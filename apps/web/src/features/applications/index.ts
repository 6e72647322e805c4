// The applications feature's public surface (docs/product.md §12 Application approval). Home's shell imports it for
// the header's Registration link, so it exports only what is small; the /apply screen (routes/) is lazy-loaded by
// the router.
export { applicationKeys } from './api/query-keys';
export {
  myApplicationQueryOptions,
  useApplicationGate,
  useMyApplication,
  type ApplicationGateState,
} from './api/my-application';
export { ApplicationCard, DashboardApplication, showsApplicationCard } from './components/application-card';
