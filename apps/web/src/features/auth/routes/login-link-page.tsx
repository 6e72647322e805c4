import { SIGN_IN_LINK_BACK, SIGN_IN_LINK_INVALID, SIGN_IN_LINK_SIGNING_IN } from '@camp/shared/rules';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../lib/paths';
import { pathAfterSignIn } from '../after-sign-in';
import { loginWithLink } from '../api/login-with-link';
import { useAuth } from '../auth-context';
import { linkErrorMessage } from '../login-messages';
import { clearPendingLoginEmail } from '../pending-login-email';
import { AUTH_LOADING_TEXT } from '../route-guard';

/**
 * docs/product.md §2 Login, the one-click link (decision 062): `/login/link?token=…` from the sign-in mail. Once
 * the session check says signed out, it sends the token once (a ref guards against StrictMode's second effect:
 * the token is single use), then goes where a code sign-in goes. Someone already signed in goes to the
 * dashboard and the link stays unused.
 */
export default function LoginLinkPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const sent = useRef(false);
  const [signingInHere, setSigningInHere] = useState(false);
  const [error, setError] = useState<string | null>(token === '' ? SIGN_IN_LINK_INVALID : null);

  useEffect(() => {
    if (status !== 'anonymous' || token === '' || sent.current) return;
    sent.current = true;
    setSigningInHere(true);
    loginWithLink(token)
      .then(async (auth) => {
        const user = await signIn(auth);
        clearPendingLoginEmail();
        navigate(pathAfterSignIn(user, null), { replace: true });
      })
      .catch((failure: unknown) => {
        setSigningInHere(false);
        setError(linkErrorMessage(failure));
      });
  }, [status, token, signIn, navigate]);

  if (!signingInHere && !error) {
    if (status === 'loading') return <PageLoader label={AUTH_LOADING_TEXT} />;
    if (status === 'authenticated') return <Navigate to={paths.dashboard()} replace />;
  }

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      {error ? (
        <Stack gap="md">
          <Title order={2}>Sign-in link</Title>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Button component={Link} to={paths.login()} variant="light">
            {SIGN_IN_LINK_BACK}
          </Button>
        </Stack>
      ) : (
        <PageLoader label={SIGN_IN_LINK_SIGNING_IN} />
      )}
    </Paper>
  );
}
