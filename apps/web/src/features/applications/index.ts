// The applications feature's public surface (docs/product.md §12 Application approval). Home's shell imports it for
// the header's Registration link, so it exports only what is small: whatever a lazy screen takes from here lands in
// Home's first download. The /apply screen (routes/) is lazy-loaded by the router; the dashboard's card is
// components/application-card.tsx.
export { applicationKeys } from './api/query-keys';
export {
  myApplicationQueryOptions,
  useApplicationGate,
  useMyApplication,
  type ApplicationGateState,
} from './api/my-application';
