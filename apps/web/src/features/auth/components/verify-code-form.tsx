import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import {
  INVALID_CODE_FORMAT,
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_TTL_MINUTES,
  SIGN_IN_LINK_HINT,
} from '@camp/shared/rules';
import type { AuthResponse } from '@camp/shared/auth';
import { useLoginWithCode } from '../api/login-with-code';
import { useRequestLoginCode } from '../api/request-login-code';
import {
  codeDigits,
  codeFromPastedText,
  requestCodeErrorMessage,
  verifyCodeErrorMessage,
} from '../login-messages';
import classes from './verify-code-form.module.css';

export interface VerifyCodeFormProps {
  email: string;
  /** Resolves once the session is set up and the next screen chosen; the button spins until then. */
  onSignedIn: (auth: AuthResponse) => Promise<void>;
  onChangeEmail: () => void;
}

/** Step 2 of sign-in: the 6-digit code from the e-mail, with ways to resend it or use another address. */
export function VerifyCodeForm({ email, onSignedIn, onChangeEmail }: VerifyCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const verify = useLoginWithCode();
  const resend = useRequestLoginCode();
  const inputRef = useRef<HTMLInputElement>(null);

  const showError = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== LOGIN_CODE_LENGTH) {
      showError(INVALID_CODE_FORMAT);
      return;
    }
    setError(null);
    setNotice(null);
    verify.mutate(
      { email, code },
      {
        onSuccess: (auth) => {
          setFinishing(true);
          void onSignedIn(auth).finally(() => setFinishing(false));
        },
        onError: (failure) => showError(verifyCodeErrorMessage(failure)),
      },
    );
  };

  const sendNewCode = () => {
    setError(null);
    setNotice(null);
    resend.mutate(email, {
      onSuccess: () => {
        setCode('');
        setNotice(`A new code is on its way to ${email}. Codes sent before it no longer work.`);
        inputRef.current?.focus();
      },
      onError: (failure) => showError(requestCodeErrorMessage(failure)),
    });
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = codeFromPastedText(event.clipboardData.getData('text'));
    if (pasted === '') return;
    event.preventDefault();
    setCode(pasted);
    if (error) setError(null);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="verify-title">
      <Stack gap="md">
        <Title order={2} id="verify-title">
          Check Your Email
        </Title>
        <Text>
          We sent a 6-digit code and a sign-in link to{' '}
          <Text span fw={700} className={classes.email}>
            {email}
          </Text>
          . Both are valid for {LOGIN_CODE_TTL_MINUTES} minutes. {SIGN_IN_LINK_HINT}
        </Text>
        {notice && (
          <Alert color="teal" variant="light" role="status">
            {notice}
          </Alert>
        )}
        <TextInput
          ref={inputRef}
          label="Verification code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          spellCheck={false}
          required
          size="lg"
          autoFocus
          classNames={{ input: classes.codeInput }}
          value={code}
          onChange={(event) => {
            setCode(codeDigits(event.currentTarget.value));
            if (error) setError(null);
          }}
          onPaste={onPaste}
          error={error}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending || finishing}>
          Verify and Sign In
        </Button>
        <Group justify="space-between" gap="xs" className={classes.links}>
          <Anchor component="button" type="button" onClick={sendNewCode} disabled={resend.isPending}>
            {resend.isPending ? 'Sending a new code...' : 'Send a new code'}
          </Anchor>
          <Anchor component="button" type="button" onClick={onChangeEmail}>
            Use a different email
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
