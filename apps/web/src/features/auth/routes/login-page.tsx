import '@mantine/core/styles/Input.css';
import type { AuthResponse } from '@camp/shared/auth';
import { Paper } from '@mantine/core';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths, safeReturnTo } from '../../../lib/paths';
import { PageLoader } from '../../../components/page-loader';
import { pathAfterSignIn } from '../after-sign-in';
import { useAuth } from '../auth-context';
import { RequestCodeForm } from '../components/request-code-form';
import { VerifyCodeForm } from '../components/verify-code-form';
import { clearPendingLoginEmail, getPendingLoginEmail, setPendingLoginEmail } from '../pending-login-email';
import { AUTH_LOADING_TEXT } from '../route-guard';

/**
 * docs/product.md §2 Login: request a code by e-mail, then enter it. The address waits in pendingLoginEmail, so a reload
 * comes back to the code step. After sign-in: a newcomer whose profile is incomplete completes it first; then
 * (or straight away) the returnTo route if it is a safe app path, else the dashboard.
 */
export default function LoginPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get('returnTo'));
  const [pendingEmail, setPendingEmail] = useState(getPendingLoginEmail);
  const [lastEmail, setLastEmail] = useState(() => pendingEmail ?? '');
  // Set once this form signed someone in, so the "already signed in" redirect below leaves the choice of
  // the next screen to onSignedIn.
  const [signingInHere, setSigningInHere] = useState(false);

  if (!signingInHere) {
    if (status === 'loading') return <PageLoader label={AUTH_LOADING_TEXT} />;
    if (status === 'authenticated') return <Navigate to={returnTo ?? paths.dashboard()} replace />;
  }

  const onCodeSent = (email: string) => {
    setPendingLoginEmail(email);
    setPendingEmail(email);
    setLastEmail(email);
  };

  const onChangeEmail = () => {
    clearPendingLoginEmail();
    setPendingEmail(null);
  };

  const onSignedIn = async (auth: AuthResponse) => {
    setSigningInHere(true);
    const user = await signIn(auth);
    clearPendingLoginEmail();
    navigate(pathAfterSignIn(user, returnTo), { replace: true });
  };

  return (
    <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 'xl' }} maw={480} mx="auto">
      {pendingEmail ? (
        <VerifyCodeForm email={pendingEmail} onSignedIn={onSignedIn} onChangeEmail={onChangeEmail} />
      ) : (
        <RequestCodeForm initialEmail={lastEmail} onCodeSent={onCodeSent} onSignedIn={onSignedIn} />
      )}
    </Paper>
  );
}
