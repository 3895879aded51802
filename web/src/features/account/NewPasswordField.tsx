/** The "New password" field with its rule beneath it, as the account page and the reset page both ask for it. */
import { useId } from 'react';
import { accountMessages as text } from './messages.ts';

export function NewPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const hintId = useId();
  return (
    <label>
      {text.newPassword}
      <input
        type="password"
        name="newPassword"
        autoComplete="new-password"
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <small id={hintId}>{text.passwordHint}</small>
    </label>
  );
}
