// The auth feature's public surface. Screens (routes/) are not exported here: the router lazy-loads them.
export { AuthProvider } from './auth-provider';
export { useAuth, type AuthContextValue, type AuthStatus } from './auth-context';
export { RouteGuard, AUTH_LOADING_TEXT } from './route-guard';
export { roleMeetsAccess, isAdmin, isStaffOrAdmin } from './access';
export { profileQueryKey, profileQueryOptions, useProfileQuery } from './api/get-profile';
export { completeProfile, type CompleteProfileInput } from './api/complete-profile';
export { PROFILE_FETCH_DELAY_MS } from './session';
export { parseUser, parseAuthResponse } from './api/parse-auth';
