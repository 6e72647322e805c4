/**
 * Settings the server hands the browser at run time through /runtime-config.js
 * (`window.__APP_CONFIG__ = { apiBaseUrl: "/api", … }`), so one build runs behind any API address.
 */
export interface RuntimeConfig {
  /** Prefix of every API call, e.g. '/api' (same origin) or 'https://api.example.org/api'. */
  apiBaseUrl: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<RuntimeConfig> & Record<string, unknown>;
  }
}

export const DEFAULT_RUNTIME_CONFIG: Readonly<RuntimeConfig> = Object.freeze({ apiBaseUrl: '/api' });

/** Read on every call rather than once, so a late-loading script or a test can change it. */
export function getRuntimeConfig(): RuntimeConfig {
  const raw = typeof window === 'undefined' ? undefined : window.__APP_CONFIG__;
  const apiBaseUrl =
    typeof raw?.apiBaseUrl === 'string' && raw.apiBaseUrl.trim() !== ''
      ? raw.apiBaseUrl.trim()
      : DEFAULT_RUNTIME_CONFIG.apiBaseUrl;
  // A trailing slash would give '//' when joined with paths that start with '/'.
  return { apiBaseUrl: apiBaseUrl.replace(/\/+$/, '') };
}
