/**
 * A one-field text form checked with the field's own schema (the table both doors hold to) before it writes: its
 * value, handlers and, when refused, the message tied to the input.
 */
import { createElement, useId, useState } from 'react';
import type { z } from 'zod';

export function useTextForm(field: z.ZodType<string>, write: (value: string) => void) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = field.safeParse(value.trim());
    if (!checked.success) return setError(checked.error.issues[0].message);
    setError(null);
    write(checked.data);
    setValue('');
  };
  return {
    value,
    submit,
    change: (event: React.ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
    describedBy: error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {},
    errorNode: error ? createElement('p', { id: `${id}-error`, className: 'form-error', role: 'alert' }, error) : null,
  };
}
