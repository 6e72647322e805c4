import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { ACCOUNT_DELETED_NOTICE } from '@camp/shared/rules';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { HtmlContent } from '../../components/html-content';
import { PageLoader } from '../../components/page-loader';
import { accountJustDeleted, forgetAccountDeleted } from '../../lib/account-deleted';
import { useIsAuthenticated } from '../../lib/auth-state';
import { usePublicConfig } from '../../features/config';

export const HOME_LOADING_TEXT = 'Loading camp information...';

/** docs/product.md §2 Home: the admin's blurb, then Dashboard (signed in) or Login (signed out). */
export function HomePage() {
  const { config, isLoading, error } = usePublicConfig();
  const authenticated = useIsAuthenticated();
  // Just after deleting one's account (docs/product.md §12 My data): said once.
  const [accountDeleted] = useState(accountJustDeleted);
  useEffect(forgetAccountDeleted, []);

  if (isLoading) return <PageLoader label={HOME_LOADING_TEXT} />;

  return (
    // The blurb also waits for the HTML sanitizer, which loads alongside the configuration.
    <Suspense fallback={<PageLoader label={HOME_LOADING_TEXT} />}>
      <Stack gap="lg" maw={820} mx="auto">
        {accountDeleted && (
          <Alert color="teal" variant="light" role="status">
            {ACCOUNT_DELETED_NOTICE}
          </Alert>
        )}
        {error && (
          <Alert color="sunset" variant="light" title="Showing default camp information">
            {error}
          </Alert>
        )}
        <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="xl">
            {/* The camp name is the page's h1 (header), so the blurb's top heading becomes an h2. */}
            <HtmlContent html={config.homePageBlurb} headings={2} />
            <Group>
              {authenticated ? (
                <Button component={Link} to={paths.dashboard()} size="md">
                  Dashboard
                </Button>
              ) : (
                <Button component={Link} to={paths.login()} size="md">
                  Login
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Suspense>
  );
}
