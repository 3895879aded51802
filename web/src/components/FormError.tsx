/**
 * A form's error line: announced as it appears (role="alert"), nothing at all while there is none. The
 * optional `id` lets a field point at it with aria-describedby.
 */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="form-error">
      {message}
    </p>
  );
}
