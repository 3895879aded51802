/**
 * The account page's Two-factor codes (docs/product.md#two-factor-codes): set up an authenticator app from a QR code
 * (or its key typed in), turn codes on with a first code, see the backup codes once; then new backup codes or turning
 * codes off, each with a current code.
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTotpSetupResponse } from '@caravan/shared';
import { FormError } from '../../components/FormError.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { errorMessage } from '../../lib/api.ts';
import { SESSION_KEY } from '../../lib/session.ts';
import { accountMessages as text } from './messages.ts';
import { TWO_FACTOR_KEY, twoFactorApi } from './twoFactorApi.ts';

export function TwoFactorSection() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: twoFactorApi.status });
  const [setup, setSetup] = useState<TTotpSetupResponse | null>(null);
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const changed = (message: string | null) => {
    setOutcome(message);
    setError(null);
    void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    // The session says whether the administrator's requirement still asks something of this account.
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  };
  const failed = (caught: unknown) => setError(errorMessage(caught, text.failed));
  const start = useMutation({ mutationFn: twoFactorApi.setup, onMutate: () => (setError(null), setOutcome(null)), onSuccess: setSetup, onError: failed });
  const enable = useMutation({
    mutationFn: twoFactorApi.enable,
    onSuccess: ({ backupCodes: codes }) => {
      setSetup(null);
      setBackupCodes(codes);
      changed(text.twoFactorTurnedOn);
    },
    onError: failed,
  });
  const regenerate = useMutation({
    mutationFn: twoFactorApi.regenerateBackupCodes,
    onSuccess: ({ backupCodes: codes }) => {
      setBackupCodes(codes);
      changed(text.newBackupCodesMade);
    },
    onError: failed,
  });
  const disable = useMutation({ mutationFn: twoFactorApi.disable, onSuccess: ({ message }) => (setBackupCodes(null), changed(message)), onError: failed });

  const enabled = status.data?.totp.enabled ?? false;
  const missingRequired = status.data ? status.data.required && !enabled && status.data.passkeys === 0 : false;

  return (
    <section className="form" aria-labelledby="account-two-factor-title" data-testid="two-factor">
      <h2 id="account-two-factor-title">{text.twoFactorTitle}</h2>
      <p className="muted">{text.twoFactorIntro}</p>
      {missingRequired && <p className="notice-inline">{text.twoFactorRequired}</p>}
      <FormError message={error} />
      {outcome && (
        <p role="status" className="form-success">
          {outcome}
        </p>
      )}
      {backupCodes && <BackupCodes codes={backupCodes} onDone={() => setBackupCodes(null)} />}
      {status.data && !enabled && !setup && (
        <button type="button" className="button primary" onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? text.settingUp : text.setUpTwoFactor}
        </button>
      )}
      {setup && !enabled && <Enrolment setup={setup} pending={enable.isPending} onCode={(code) => enable.mutate(code)} />}
      {enabled && (
        <>
          <p>{text.twoFactorOn(status.data!.totp.backupCodesLeft)}</p>
          <CodeForm
            name="regenerate"
            action={text.newBackupCodes}
            pending={regenerate.isPending}
            onCode={(code) => (setOutcome(null), regenerate.mutate(code))}
          />
          <CodeForm name="disable" action={text.turnOff} pending={disable.isPending} onCode={(code) => (setOutcome(null), disable.mutate(code))} />
        </>
      )}
    </section>
  );
}

function Enrolment({ setup, pending, onCode }: { setup: TTotpSetupResponse; pending: boolean; onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    onCode(code);
  }
  return (
    <div className="two-factor-setup">
      <p>{text.scanIntro}</p>
      <img className="qr-code" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`} alt={text.qrAlt} width={200} height={200} />
      <p className="hint">{text.manualKey}</p>
      <code className="totp-secret" data-testid="totp-secret">
        {setup.secret.match(/.{1,4}/g)?.join(' ')}
      </code>
      <p className="hint">{text.manualUri}</p>
      <code className="totp-uri">{setup.otpauthUri}</code>
      <form className="two-factor-form" onSubmit={submit} noValidate>
        <label>
          {text.codeFromApp}
          <input name="enrolCode" value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" inputMode="numeric" maxLength={40} />
        </label>
        <SubmitButton label={text.turnOn} pendingLabel={text.turningOn} pending={pending} />
      </form>
    </div>
  );
}

function CodeForm({ name, action, pending, onCode }: { name: string; action: string; pending: boolean; onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const hintId = `${name}-code-hint`;
  function submit(event: FormEvent) {
    event.preventDefault();
    onCode(code);
    setCode('');
  }
  return (
    <form className="two-factor-form" onSubmit={submit} noValidate>
      <label>
        {`${action}: ${text.currentCode.toLowerCase()}`}
        <input name={`${name}Code`} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="one-time-code" maxLength={40} aria-describedby={hintId} />
        <small id={hintId}>{text.currentCodeHint}</small>
      </label>
      <SubmitButton label={action} pendingLabel={text.working} pending={pending} />
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="backup-codes" role="region" aria-labelledby="backup-codes-title">
      <h3 id="backup-codes-title">{text.backupCodesTitle}</h3>
      <p className="hint">{text.backupCodesIntro}</p>
      <ol data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="button" onClick={onDone}>
        {text.backupCodesSaved}
      </button>
    </div>
  );
}
