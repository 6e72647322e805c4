import { isRegistrationOpenFor } from '@camp/shared/rules';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo, useState, type MouseEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageLoader } from '../../components/page-loader';
import { useApplicationGate } from '../../features/applications';
import { useAuth } from '../../features/auth';
import { usePublicConfig } from '../../features/config';
import { myRegistrationsQueryOptions } from '../../features/registrations';
import { ConnectionGate } from '../connection-gate';
import classes from './app-layout.module.css';
import { navItems } from './nav-items';
import { servedCampName } from './served-config';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useDocumentMeta } from './use-document-meta';
import { startsCollapsed } from './use-header-collapse';

export const MAIN_CONTENT_ID = 'main-content';

// With hash routing, href="#main-content" would be read as a route; move focus by hand instead.
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(MAIN_CONTENT_ID);
  main?.focus();
  main?.scrollIntoView();
}

/** The frame of every screen: skip link, header with navigation, the connection gate around the screen, footer. */
export function AppLayout() {
  const { config, isLoading } = usePublicConfig();
  const { status, role, user, signOut } = useAuth();
  const { pathname } = useLocation();
  const signedIn = status === 'authenticated';
  // docs/product.md §2: the Registration link only while registration is open for this person, so not once they hold a
  // registration of the year (the same cached query the dashboard and the wizard read).
  // Nor while a newcomer's application stands in the way (docs/product.md §12 Application approval).
  // Decided only once the configuration, the profile, the registrations and the application have settled: shown
  // and then taken away, the link would flash up for someone already registered while their registrations load.
  const { data: registrations, isPending: registrationsPending } = useQuery({
    ...myRegistrationsQueryOptions(),
    enabled: signedIn,
  });
  const application = useApplicationGate();
  const registrationOpen =
    signedIn &&
    !isLoading &&
    user !== null &&
    !registrationsPending &&
    !application.isLoading &&
    isRegistrationOpenFor(config, user, registrations, application.gate);
  const items = useMemo(() => navItems({ status, role, registrationOpen }), [status, role, registrationOpen]);
  useDocumentMeta(isLoading ? null : config);
  // The name the server wrote into the page, shown while the configuration is on its way.
  const [firstPaintName] = useState(servedCampName);

  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      <SiteHeader
        config={isLoading && firstPaintName ? { ...config, campName: firstPaintName } : config}
        loading={isLoading}
        nameKnown={!isLoading || firstPaintName !== null}
        navItems={items}
        onSignOut={() => void signOut()}
        compact={startsCollapsed(pathname)}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <ConnectionGate>
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoader label="Loading..." />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </ConnectionGate>
      </main>
      <SiteFooter config={config} loading={isLoading} />
    </div>
  );
}
