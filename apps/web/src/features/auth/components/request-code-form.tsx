import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useRequestLoginCode } from '../api/request-login-code';
import { INVALID_EMAIL, isPlausibleEmail } from '@camp/shared/rules';
import { requestCodeErrorMessage } from '../login-messages';
import type { AuthResponse } from '@camp/shared/auth';
import { PasskeySignInButton, usePasskeySignIn } from './passkey-sign-in';

export interface RequestCodeFormProps {
  initialEmail: string;
  /** Called with the (trimmed, lower-cased) address once the code is on its way. */
  onCodeSent: (email: string) => void;
  /** Called with the auth response when a passkey signed the person in (docs/product.md §12 Passkeys). */
  onSignedIn: (auth: AuthResponse) => void | Promise<void>;
}

/** Step 1 of sign-in: the e-mail address the code goes to. */
export function RequestCodeForm({ initialEmail, onCodeSent, onSignedIn }: RequestCodeFormProps) {
  const passkey = usePasskeySignIn(onSignedIn);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const request = useRequestLoginCode();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!isPlausibleEmail(address)) {
      setError(INVALID_EMAIL);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    request.mutate(address, {
      onSuccess: () => onCodeSent(address),
      onError: (failure) => {
        setError(requestCodeErrorMessage(failure));
        inputRef.current?.focus();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="sign-in-title">
      <Stack gap="md">
        <Title order={2} id="sign-in-title">
          Sign In
        </Title>
        <Text>
          Enter your email address and we will send you a 6-digit code to sign in. No password needed, and if
          you are new here your account is made as you sign in.
        </Text>
        <TextInput
          ref={inputRef}
          label="Email address"
          type="email"
          name="email"
          // The browser offers the person's passkeys here too (conditional UI), beside saved addresses.
          autoComplete="username webauthn"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          size="md"
          data-autofocus
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
        />
        <Button type="submit" size="md" fullWidth loading={request.isPending}>
          Send Code
        </Button>
        <PasskeySignInButton passkey={passkey} />
      </Stack>
    </form>
  );
}
