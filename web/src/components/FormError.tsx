/** A form's error line: announced as it appears (role="alert"), nothing at all while there is none. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="form-error">
      {message}
    </p>
  );
}
