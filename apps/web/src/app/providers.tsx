import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { configKeys } from '../features/config';
import { takenOver } from '../lib/first-paint';
import { createQueryClient } from '../lib/query-client';
import { servedPublicConfig } from './layout/served-config';
import { cssVariablesResolver, theme } from './theme';

// Toasts (Mantine notifications) load after the first render, and after the app has taken over the server's
// first paint (decision 045): see notifications-host.tsx.
const NotificationsHost = lazy(() => takenOver().then(() => import('./notifications-host')));

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so each test starts with an empty cache. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    // The configuration the server wrote into the page: the first paint shows the camp (decision 027).
    const served = servedPublicConfig();
    if (served) created.setQueryData(configKeys.public(), served);
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      {/*
        One light theme only; forcing it also keeps Mantine from reading a colour scheme from storage.
        deduplicateCssVariables=false: Mantine writes all theme variables itself, so the static
        default-css-variables.css need not be downloaded (see mantine-styles.ts).
      */}
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        deduplicateCssVariables={false}
      >
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
